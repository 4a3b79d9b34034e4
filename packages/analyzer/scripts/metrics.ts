/** ROC AUC by the rank-sum (Mann–Whitney) formula, with average ranks for ties. */
export function rocAuc(scores: readonly number[], labels: readonly boolean[]): number {
  const idx = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  const ranks = new Array<number>(scores.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1]!] === scores[idx[i]!]) j++;
    const r = (i + j) / 2 + 1;
    for (let t = i; t <= j; t++) ranks[idx[t]!] = r;
    i = j + 1;
  }
  let pos = 0;
  let sum = 0;
  labels.forEach((l, i) => {
    if (l) {
      pos++;
      sum += ranks[i]!;
    }
  });
  const neg = labels.length - pos;
  if (pos === 0 || neg === 0) return NaN;
  return (sum - (pos * (pos + 1)) / 2) / (pos * neg);
}
