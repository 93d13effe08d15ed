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
        for a in 0..m {
            grad[a] -= lambda * w[a];
            hess[a * m + a] += lambda + 1e-9;
            for b in 0..a {
                hess[a * m + b] = hess[b * m + a];
            }
        }
        let step = gomoku::train::solve_spd(&hess, &grad, m);
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
}
