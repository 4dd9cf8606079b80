/**
 * How wide the generated stock-option chains are: monthly expiries and strikes each side of the
 * money, by expiry (near month first), clamped to positive strikes.
 *
 * Issue 18's real breadth: every F&O stock's options on the three monthly expiries, 40 strikes
 * each side (a master of 102,551 contracts). Search and the simulator handle it (an option is
 * priced when asked, never ticked on its own), and the external feed does not publish stock options.
 */
export const STOCK_OPTION_MONTHS = 3;

export const STOCK_STRIKES_EACH_SIDE: readonly number[] = [40, 40, 40];
