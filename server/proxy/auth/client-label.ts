const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Chrome (headless)'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short name for the browser holding a session ("Firefox 133 on Linux"), for admins telling an
 * operator's sessions apart; the raw User-Agent, cut short, when it names no browser known here.
 */
export function describeClient(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  for (const [pattern, name] of browsers) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) return system ? `${name} ${version} on ${system}` : `${name} ${version}`;
  }
  return userAgent.length > 80 ? `${userAgent.slice(0, 80)}…` : userAgent;
}
