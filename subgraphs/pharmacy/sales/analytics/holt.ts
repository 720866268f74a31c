/**
 * Holt's linear (double) exponential smoothing: level ℓ and trend b,
 *   ℓ_t = α·y_t + (1 − α)(ℓ_{t−1} + b_{t−1}),  b_t = β(ℓ_t − ℓ_{t−1}) + (1 − β)·b_{t−1},
 *   ŷ_{t+h} = ℓ_t + h·b_t.
 * Hyndman & Athanasopoulos, "Forecasting: Principles and Practice" (3rd ed.), §8.2. Initialised with
 * ℓ_0 = y_0 and b_0 = y_1 − y_0. When α, β are not given they are chosen on a grid (0.1 … 0.9) to
 * minimise the sum of squared one-step-ahead errors.
 */
export interface HoltFit {
  alpha: number;
  beta: number;
  level: number;
  trend: number;
  /** Sum of squared one-step-ahead errors over the history. */
  sse: number;
}

export function fitHolt(series: number[], alpha: number, beta: number): HoltFit {
  if (series.length === 0) return { alpha, beta, level: 0, trend: 0, sse: 0 };
  if (series.length === 1) return { alpha, beta, level: series[0], trend: 0, sse: 0 };
  let level = series[0];
  let trend = series[1] - series[0];
  let sse = 0;
  for (let t = 1; t < series.length; t++) {
    const predicted = level + trend;
    sse += (series[t] - predicted) ** 2;
    const previousLevel = level;
    level = alpha * series[t] + (1 - alpha) * (level + trend);
    trend = beta * (level - previousLevel) + (1 - beta) * trend;
  }
  return { alpha, beta, level, trend, sse };
}

const GRID = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

export function bestHolt(series: number[]): HoltFit {
  let best: HoltFit | undefined;
  for (const alpha of GRID) {
    for (const beta of GRID) {
      const fit = fitHolt(series, alpha, beta);
      if (!best || fit.sse < best.sse - 1e-12) best = fit;
    }
  }
  return best!;
}

/** Forecasts h = 1…horizon steps ahead; demand is never negative. Two decimals. */
export function forecastHolt(fit: HoltFit, horizon: number): number[] {
  return Array.from({ length: horizon }, (_, i) => Math.max(0, Math.round((fit.level + (i + 1) * fit.trend) * 100) / 100));
}
