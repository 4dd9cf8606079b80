import type {
  ChartOptionsImpl,
  HorzScaleItemConverterToInternalObj,
  IHorzScaleBehavior,
  InternalHorzScaleItem,
  InternalHorzScaleItemKey,
  LocalizationOptions,
  Mutable,
  TickMark,
  TickMarkWeightValue,
  TimeMark,
  TimeScalePoint,
} from "lightweight-charts";
import { groupIndian } from "../../core/format";

/** A spot on the axis: the rounder the number, the heavier its mark (100s over 50s over 25s ...). */
export function spotWeight(spot: number): number {
  for (const [step, weight] of [[100, 8], [50, 7], [25, 6], [10, 5], [5, 4], [1, 3]] as const) if (spot % step === 0) return weight;
  return 0;
}

/**
 * The payoff chart's horizontal scale: spots, as the library's options chart has them
 * (createOptionsChart's price behaviour), written with the Indian grouping every other price on
 * screen has ("24,500", where the library writes "24500" and has no formatter to ask).
 */
export class SpotScale implements IHorzScaleBehavior<number> {
  private opts = {} as ChartOptionsImpl<number>;

  options(): ChartOptionsImpl<number> {
    return this.opts;
  }
  setOptions(options: ChartOptionsImpl<number>): void {
    this.opts = options;
  }
  preprocessData(): void {}
  updateFormatter(options: LocalizationOptions<number>): void {
    this.opts.localization = options;
  }
  createConverterToInternalObj(): HorzScaleItemConverterToInternalObj<number> {
    return (spot) => spot as unknown as InternalHorzScaleItem;
  }
  key(item: InternalHorzScaleItem | number): InternalHorzScaleItemKey {
    return item as unknown as InternalHorzScaleItemKey;
  }
  cacheKey(item: InternalHorzScaleItem): number {
    return item as unknown as number;
  }
  convertHorzItemToInternal(item: number): InternalHorzScaleItem {
    return item as unknown as InternalHorzScaleItem;
  }
  formatHorzItem(item: InternalHorzScaleItem): string {
    return groupIndian(item as unknown as number, 0);
  }
  formatTickmark(mark: TickMark): string {
    return groupIndian(mark.time as unknown as number, 0);
  }
  maxTickMarkWeight(marks: TimeMark[]): TickMarkWeightValue {
    return marks.reduce((a, b) => (a.weight > b.weight ? a : b), marks[0]!).weight;
  }
  fillWeightsForPoints(points: readonly Mutable<TimeScalePoint>[], startIndex: number): void {
    for (let i = startIndex; i < points.length; i++) points[i]!.timeWeight = spotWeight(points[i]!.time as unknown as number) as TickMarkWeightValue;
  }
}
