//! The conditional logit of a choice among candidates ("which move did a strong player
//! choose"): `P(candidate k) ∝ e^(w·x_k)`, the weights maximising the log likelihood of
//! the chosen candidates less a ridge penalty, by Newton's method (the likelihood is
//! concave, so each step with backtracking climbs). Shared by the move-ordering fit
//! (`gomoku_policy`) and the comparison training of the evaluation (`gomoku_mmto`).

/// One choice: the feature vector of every candidate and the index of the chosen one.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<const M: usize> {
    /// Features of each candidate (the model's value of candidate `k` is `w·x[k]`).
    pub x: Vec<[i32; M]>,
    /// Index of the chosen candidate in `x`.
    pub chosen: usize,
    /// The choice's weight in the likelihood (1 for one observed choice; a soft label
    /// splits an observation into weighted choices).
    pub weight: f64,
}

/// Newton's method from `init` on the conditional logit's log likelihood of `ds` with
/// ridge `lambda` (on the raw weights), at most `steps` steps; returns the weights and the
/// mean log likelihood a unit of weight (natural log) before the last step.
pub fn fit<const M: usize>(
    ds: &[Choice<M>],
    init: [f64; M],
    lambda: f64,
    steps: u32,
) -> ([f64; M], f64) {
    let m = M;
    let mut w = init;
    let mut ll = 0.0;
    for _ in 0..steps {
        let mut grad = vec![0.0f64; m];
        let mut hess = vec![0.0f64; m * m];
        ll = 0.0;
        for d in ds {
            let z: Vec<f64> = d.x.iter().map(|x| dot(&w, x)).collect();
            let top = z.iter().cloned().fold(f64::MIN, f64::max);
            let e: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
            let sum: f64 = e.iter().sum();
            ll += d.weight * (z[d.chosen] - top - sum.ln());
            let mut mean = vec![0.0f64; m];
            for (x, &ek) in d.x.iter().zip(&e) {
                let p = ek / sum;
                for a in 0..m {
                    if x[a] != 0 {
                        let pa = p * f64::from(x[a]);
                        mean[a] += pa;
                        for b in a..m {
                            hess[a * m + b] += d.weight * pa * f64::from(x[b]);
                        }
                    }
                }
            }
            for a in 0..m {
                grad[a] += d.weight * (f64::from(d.x[d.chosen][a]) - mean[a]);
                for b in a..m {
                    hess[a * m + b] -= d.weight * mean[a] * mean[b];
                }
            }
        }
        let step = ridge_newton_step(&mut hess, &mut grad, |a| w[a], lambda, m);
        // Backtracking: halve the step until the penalised likelihood does not fall.
        let here = penalised(ds, &w, lambda);
        let mut t = 1.0;
        let mut next = w;
        for _ in 0..30 {
            for a in 0..m {
                next[a] = w[a] + t * step[a];
            }
            if penalised(ds, &next, lambda) >= here {
                break;
            }
            t /= 2.0;
        }
        let change = (0..m).map(|a| (next[a] - w[a]).abs()).fold(0.0, f64::max);
        w = next;
        if change < 1e-6 {
            break;
        }
    }
    let total: f64 = ds.iter().map(|d| d.weight).sum();
    (w, ll / total.max(1e-12))
}

/// The Newton step of a ridge-penalised log likelihood: `hess` (m × m, the upper
/// triangle filled: the negated Hessian of the likelihood) and `grad` (its gradient) get
/// the ridge `lambda` on the weights `weight(a)`, the lower triangle is mirrored, and the
/// step solves `hess · step = grad`. Shared by [`fit`] and [`fit_sparse`].
fn ridge_newton_step(
    hess: &mut [f64],
    grad: &mut [f64],
    weight: impl Fn(usize) -> f64,
    lambda: f64,
    m: usize,
) -> Vec<f64> {
    for a in 0..m {
        grad[a] -= lambda * weight(a);
        hess[a * m + a] += lambda + 1e-9;
        for b in 0..a {
            hess[a * m + b] = hess[b * m + a];
        }
    }
    gomoku::train::solve_spd(hess, grad, m)
}

fn dot<const M: usize>(w: &[f64; M], x: &[i32; M]) -> f64 {
    x.iter().zip(w).map(|(&a, b)| f64::from(a) * b).sum()
}

/// The log likelihood of `w` on `ds` less the ridge penalty `lambda / 2 · |w|²`.
pub fn penalised<const M: usize>(ds: &[Choice<M>], w: &[f64; M], lambda: f64) -> f64 {
    let mut ll = 0.0;
    for d in ds {
        let z: Vec<f64> = d.x.iter().map(|x| dot(w, x)).collect();
        let top = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|v| (v - top).exp()).sum();
        ll += d.weight * (z[d.chosen] - top - sum.ln());
    }
    ll - 0.5 * lambda * w.iter().map(|v| v * v).sum::<f64>()
}

/// One choice with sparse 0/1 features: candidate `k`'s features are the indices
/// `x[starts[k]..starts[k + 1]]` (its value is the sum of their weights).
#[derive(Clone, Debug, PartialEq)]
pub struct SparseChoice {
    /// The feature indices of every candidate, one after another.
    pub x: Vec<u32>,
    /// Where each candidate's indices start in `x`, and `x.len()` last.
    pub starts: Vec<u32>,
    /// Index of the chosen candidate.
    pub chosen: usize,
}

impl SparseChoice {
    /// The feature indices of candidate `k`.
    pub fn candidate(&self, k: usize) -> &[u32] {
        &self.x[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// Number of candidates.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The value of every candidate under weights `w`.
    pub fn values(&self, w: &[f64]) -> Vec<f64> {
        (0..self.len())
            .map(|k| self.candidate(k).iter().map(|&j| w[j as usize]).sum())
            .collect()
    }
}

/// [`fit`] for sparse 0/1 features among `features`: Newton's method on the features
/// that occur (the others keep weight 0; the Hessian is dense over those), ridge
/// `lambda` on the raw weights, at most `steps` steps. Returns the weights and the mean
/// log likelihood a choice before the last step.
pub fn fit_sparse(
    ds: &[SparseChoice],
    features: usize,
    lambda: f64,
    steps: u32,
) -> (Vec<f64>, f64) {
    let mut slot = vec![usize::MAX; features];
    let mut live = Vec::new();
    for d in ds {
        for &j in &d.x {
            if slot[j as usize] == usize::MAX {
                slot[j as usize] = live.len();
                live.push(j as usize);
            }
        }
    }
    let m = live.len();
    let mut w = vec![0.0f64; features];
    let mut ll = 0.0;
    // Per choice, the mean feature vector under the model (sparse: slots and values).
    let mut mean = vec![0.0f64; m];
    let mut seen = vec![false; m];
    let mut touched: Vec<usize> = Vec::new();
    for step in 0..steps {
        let mut grad = vec![0.0f64; m];
        let mut hess = vec![0.0f64; m * m];
        ll = 0.0;
        for d in ds {
            let z = d.values(&w);
            let top = z.iter().cloned().fold(f64::MIN, f64::max);
            let e: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
            let sum: f64 = e.iter().sum();
            ll += z[d.chosen] - top - sum.ln();
            for (k, &ek) in e.iter().enumerate() {
                let p = ek / sum;
                let x = d.candidate(k);
                for &a in x {
                    let a = slot[a as usize];
                    if !seen[a] {
                        seen[a] = true;
                        touched.push(a);
                    }
                    mean[a] += p;
                    for &b in x {
                        let b = slot[b as usize];
                        if b >= a {
                            hess[a * m + b] += p;
                        }
                    }
                }
            }
            for &a in d.candidate(d.chosen) {
                grad[slot[a as usize]] += 1.0;
            }
            for &a in &touched {
                grad[a] -= mean[a];
                for &b in &touched {
                    if b >= a {
                        hess[a * m + b] -= mean[a] * mean[b];
                    }
                }
            }
            for &a in &touched {
                mean[a] = 0.0;
                seen[a] = false;
            }
            touched.clear();
        }
        let delta = ridge_newton_step(&mut hess, &mut grad, |a| w[live[a]], lambda, m);
        // Backtracking: halve the step until the penalised likelihood does not fall.
        let here = penalised_sparse(ds, &w, lambda);
        let mut t = 1.0;
        let mut next = w.clone();
        for _ in 0..30 {
            for (a, &j) in live.iter().enumerate() {
                next[j] = w[j] + t * delta[a];
            }
            if penalised_sparse(ds, &next, lambda) >= here {
                break;
            }
            t /= 2.0;
        }
        let change = live
            .iter()
            .map(|&j| (next[j] - w[j]).abs())
            .fold(0.0, f64::max);
        w = next;
        eprintln!(
            "  Newton step {}: log likelihood {:.4} a choice, largest change {change:.2e}",
            step + 1,
            ll / ds.len().max(1) as f64
        );
        if change < 1e-6 {
            break;
        }
    }
    (w, ll / ds.len().max(1) as f64)
}

/// [`penalised`] for sparse choices.
pub fn penalised_sparse(ds: &[SparseChoice], w: &[f64], lambda: f64) -> f64 {
    let mut ll = 0.0;
    for d in ds {
        let z = d.values(w);
        let top = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|v| (v - top).exp()).sum();
        ll += z[d.chosen] - top - sum.ln();
    }
    ll - 0.5 * lambda * w.iter().map(|v| v * v).sum::<f64>()
}

/// Rank of the chosen candidate under `values` (0 = first; ties count against it).
pub fn rank<T: PartialOrd>(values: &[T], chosen: usize) -> usize {
    values
        .iter()
        .enumerate()
        .filter(|&(k, v)| k != chosen && *v >= values[chosen])
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Choices drawn from a known conditional logit are fitted back to its weights.
    #[test]
    fn recovers_a_known_choice_model() {
        let truth = [0.8, -0.5];
        let mut rng = 11u64;
        let ds: Vec<Choice<2>> = (0..4_000)
            .map(|_| {
                let x: Vec<[i32; 2]> = (0..5)
                    .map(|_| {
                        [
                            gomoku::train::random_below(&mut rng, 5) as i32,
                            gomoku::train::random_below(&mut rng, 5) as i32,
                        ]
                    })
                    .collect();
                let e: Vec<f64> = x.iter().map(|v| dot(&truth, v).exp()).collect();
                let u = gomoku::train::random_below(&mut rng, 1_000_000) as f64 / 1e6;
                let mut acc = 0.0;
                let total: f64 = e.iter().sum();
                let chosen = e
                    .iter()
                    .position(|&v| {
                        acc += v / total;
                        acc > u
                    })
                    .unwrap_or(4);
                Choice {
                    x,
                    chosen,
                    weight: 1.0,
                }
            })
            .collect();
        let (w, ll) = fit(&ds, [0.0; 2], 1e-6, 30);
        assert!((w[0] - truth[0]).abs() < 0.08, "{w:?}");
        assert!((w[1] - truth[1]).abs() < 0.08, "{w:?}");
        assert!(ll > -(5.0f64).ln());
        assert_eq!(rank(&[3, 5, 5, 1], 1), 1);
        assert_eq!(rank(&[3, 5, 4, 1], 1), 0);
    }

    /// On 0/1 features the sparse fit finds the dense fit's weights.
    #[test]
    fn sparse_fit_equals_the_dense_fit() {
        let mut rng = 5u64;
        let mut dense: Vec<Choice<4>> = Vec::new();
        let mut sparse: Vec<SparseChoice> = Vec::new();
        for _ in 0..600 {
            let n = 2 + gomoku::train::random_below(&mut rng, 4) as usize;
            let x: Vec<[i32; 4]> = (0..n)
                .map(|_| std::array::from_fn(|_| gomoku::train::random_below(&mut rng, 2) as i32))
                .collect();
            let chosen = gomoku::train::random_below(&mut rng, n as u64) as usize;
            let (mut flat, mut starts) = (Vec::new(), vec![0u32]);
            for v in &x {
                flat.extend((0..4u32).filter(|&j| v[j as usize] == 1));
                starts.push(flat.len() as u32);
            }
            sparse.push(SparseChoice {
                x: flat,
                starts,
                chosen,
            });
            dense.push(Choice {
                x,
                chosen,
                weight: 1.0,
            });
        }
        let (wd, lld) = fit(&dense, [0.0; 4], 0.5, 30);
        let (ws, lls) = fit_sparse(&sparse, 6, 0.5, 30);
        for j in 0..4 {
            assert!((wd[j] - ws[j]).abs() < 1e-6, "{wd:?} {ws:?}");
        }
        assert_eq!(&ws[4..], &[0.0, 0.0], "features that never occur keep 0");
        assert!((lld - lls).abs() < 1e-6);
    }
}
