/**
 * 'Firefox on Windows' from a User-Agent, for the account page's session list
 * (docs/PRODUCT.md#account-sessions-api). Order matters: Edge and Opera also say Chrome, Chrome also
 * says Safari, Android also says Linux.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const UNKNOWN_DEVICE = 'Unknown device';

function firstMatch(userAgent: string, patterns: ReadonlyArray<[RegExp, string]>): string | undefined {
  return patterns.find(([pattern]) => pattern.test(userAgent))?.[1];
}

export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
