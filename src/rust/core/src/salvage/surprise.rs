//! How surprising a count of pieces showing a sign is, if the IDs are
//! genuine: the Chernoff bound of a sum of independent chances.

/// -ln of the Chernoff bound on the chance that independent pieces, each
/// showing a sign with a chance of at most `chances[i]`, show it `showing`
/// times or more: `min over t > 0 of exp(-t s) prod(1 - p + p e^t)`.
/// Where more than a few hundred chances differ, they are first rounded up
/// to steps of 2^(1/16), which keeps the bound a bound and the work a few
/// hundred terms however long the column.
pub fn surprise(chances: &[f64], showing: usize) -> f64 {
    let mut exact = std::collections::BTreeMap::<u64, f64>::new();
    for &p in chances {
        *exact.entry(p.to_bits()).or_default() += 1.0;
    }
    let mut terms: Vec<(f64, f64)> = exact.into_iter().map(|(bits, n)| (f64::from_bits(bits), n)).collect();
    if terms.len() > 256 {
        let mut steps = std::collections::BTreeMap::<i64, f64>::new();
        for (p, n) in terms {
            *steps.entry((-p.log2() * 16.0).floor() as i64).or_default() += n;
        }
        terms = steps
            .into_iter()
            .map(|(step, n)| ((-(step as f64) / 16.0).exp2().min(1.0), n))
            .collect();
    }
    let s = showing as f64;
    let pieces: f64 = terms.iter().map(|t| t.1).sum();
    let mean: f64 = terms.iter().map(|&(p, n)| p * n).sum();
    if s <= mean {
        return 0.0;
    }
    if s >= pieces {
        return -terms.iter().map(|&(p, n)| n * p.ln()).sum::<f64>();
    }
    // The tilted mean, increasing in t, meets s where the bound is least.
    let tilted = |t: f64| {
        terms
            .iter()
            .map(|&(p, n)| n * p / (p + (1.0 - p) * (-t).exp()))
            .sum::<f64>()
    };
    let mut high = 1.0;
    while tilted(high) < s && high < 1e4 {
        high *= 2.0;
    }
    let mut low = 0.0;
    for _ in 0..100 {
        let mid = (low + high) / 2.0;
        if tilted(mid) < s {
            low = mid;
        } else {
            high = mid;
        }
    }
    let t = (low + high) / 2.0;
    let log_mgf: f64 = terms
        .iter()
        .map(|&(p, n)| n * (t + (p + (1.0 - p) * (-t).exp()).ln()))
        .sum();
    (t * s - log_mgf).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surprise_is_the_chernoff_exponent() {
        // All of n show: the product of their chances.
        assert!((surprise(&[0.04; 10], 10) - 10.0 * 25f64.ln()).abs() < 1e-9);
        // No more than expected: no surprise.
        assert_eq!(surprise(&[0.04; 100], 3), 0.0);
        assert_eq!(surprise(&[], 0), 0.0);
        // Binomial: n KL(a || p).
        let (n, k, p) = (1000.0, 100.0, 0.04f64);
        let a = k / n;
        let kl = a * (a / p).ln() + (1.0 - a) * ((1.0 - a) / (1.0 - p)).ln();
        assert!((surprise(&vec![p; 1000], 100) - n * kl).abs() < 1e-6);
        // Rounding many different chances up to steps keeps the bound a
        // bound: never more surprise than with the chances themselves.
        let many: Vec<f64> = (0..1000).map(|i| 0.04 + f64::from(i) * 1e-6).collect();
        let rounded = surprise(&many, 100);
        assert!(rounded <= surprise(&vec![0.04; 1000], 100));
        assert!(rounded >= surprise(&vec![0.041 * 2f64.powf(1.0 / 16.0); 1000], 100));
        // Certain pieces add nothing.
        assert!((surprise(&[1.0, 1.0, 0.5, 0.5], 4) - 2.0 * 2f64.ln()).abs() < 1e-9);
    }
}
