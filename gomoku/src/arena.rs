//! Matches between agents from fixed openings, with an Elo estimate.
