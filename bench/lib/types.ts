/** One printed figure. `ratio` compares `value` to a `baseline` measured in the same run. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
  goal?: string;
}
