/** One-minute OHLC bar for charts (the charts host's GET bars); time is the bar's start, epoch ms. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
