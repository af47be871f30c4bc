/** A duration as people read it: `7 min 5 s`, rounded to the second first. */
export function seconds(s: number): string;
