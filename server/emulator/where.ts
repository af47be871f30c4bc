/** Collects SQL conditions with their parameters, in order. */
export class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string | undefined, ...params: unknown[]): this {
    if (condition === undefined) return this;
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  /** `add` when `value` is defined, binding it once per `?` in the condition. */
  when<T>(value: T | undefined, condition: string): this {
    if (value === undefined) return this;
    const placeholders = condition.split('?').length - 1;
    return this.add(condition, ...Array.from({ length: placeholders }, () => value));
  }

  toString(): string {
    return this.conditions.length === 0 ? '1' : this.conditions.join(' AND ');
  }
}
