// Conditional format rules: the builder the add-on uses, the rules Sheet stores, and how a rule
// decides a cell's colour (so tests can check what a person would see).
import type { Rect } from './a1';
import { normalizeColor } from './color';
import { BooleanCriteriaEnum, type BooleanCriteria } from './enums';
import { GasException, GasObject, badArguments, gasApi } from './gas-object';
import { FakeRange } from './range';

export interface RuleSpec {
  criteria: BooleanCriteria;
  values: string[];
  background?: string;
  fontColor?: string;
  bold?: boolean;
}

/** A rule as a sheet keeps it: its format and the rectangles it covers (moved with rows and columns). */
export interface StoredRule {
  spec: RuleSpec;
  rects: Rect[];
}

/** Whether the rule applies to a cell showing this text. Custom formulas are not evaluated: fail loudly. */
export function ruleMatches(spec: RuleSpec, display: string): boolean {
  const text = display.toLowerCase();
  const value = (spec.values[0] ?? '').toLowerCase();
  switch (spec.criteria) {
    case 'CELL_EMPTY':
      return display === '';
    case 'CELL_NOT_EMPTY':
      return display !== '';
    case 'TEXT_EQUAL_TO':
      return text === value;
    case 'TEXT_NOT_EQUAL_TO':
      return text !== value;
    case 'TEXT_CONTAINS':
      return text.includes(value);
    case 'TEXT_DOES_NOT_CONTAIN':
      return !text.includes(value);
    case 'TEXT_STARTS_WITH':
      return text.startsWith(value);
    case 'TEXT_ENDS_WITH':
      return text.endsWith(value);
    case 'CUSTOM_FORMULA':
      throw new Error(`stand-in: custom formula rules (${spec.values[0]}) are not evaluated`);
  }
}

export class FakeBooleanCondition extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.BooleanCondition>()('BooleanCondition', [
    'getCriteriaType',
    'getCriteriaValues',
    'getBackground',
    'getFontColor',
    'getBold',
  ]);
  constructor(private readonly spec: RuleSpec) {
    super();
  }
  getCriteriaType(): BooleanCriteria {
    return this.spec.criteria;
  }
  getCriteriaValues(): string[] {
    return [...this.spec.values];
  }
  getBackground(): string | null {
    return this.spec.background ?? null;
  }
  getFontColor(): string | null {
    return this.spec.fontColor ?? null;
  }
  getBold(): boolean | null {
    return this.spec.bold ?? null;
  }
}

export class FakeConditionalFormatRule extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.ConditionalFormatRule>()('ConditionalFormatRule', [
    'getRanges',
    'getBooleanCondition',
    'getGradientCondition',
    'copy',
  ]);
  constructor(
    readonly spec: RuleSpec,
    private readonly ranges: FakeRange[],
  ) {
    super();
  }
  getRanges(): FakeRange[] {
    return [...this.ranges];
  }
  getBooleanCondition(): FakeBooleanCondition {
    return new FakeBooleanCondition(this.spec);
  }
  getGradientCondition(): null {
    return null;
  }
  copy(): FakeConditionalFormatRuleBuilder {
    return new FakeConditionalFormatRuleBuilder({ ...this.spec }, [...this.ranges]);
  }
}

export class FakeConditionalFormatRuleBuilder extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.ConditionalFormatRuleBuilder>()('ConditionalFormatRuleBuilder', [
    'whenTextEqualTo',
    'whenTextContains',
    'whenTextDoesNotContain',
    'whenTextStartsWith',
    'whenTextEndsWith',
    'whenCellEmpty',
    'whenCellNotEmpty',
    'whenFormulaSatisfied',
    'setBackground',
    'setFontColor',
    'setBold',
    'setRanges',
    'getRanges',
    'build',
    'copy',
  ]);
  private spec: Partial<RuleSpec>;

  constructor(
    spec: Partial<RuleSpec> = {},
    private ranges: FakeRange[] = [],
  ) {
    super();
    this.spec = spec;
  }

  private when(criteria: BooleanCriteria, values: unknown[]): this {
    if (values.some((v) => typeof v !== 'string')) throw badArguments(`ConditionalFormatRuleBuilder.when${criteria}`, values);
    this.spec = { ...this.spec, criteria, values: values as string[] };
    return this;
  }

  whenTextEqualTo(text: unknown): this {
    return this.when(BooleanCriteriaEnum.TEXT_EQUAL_TO, [text]);
  }
  whenTextContains(text: unknown): this {
    return this.when(BooleanCriteriaEnum.TEXT_CONTAINS, [text]);
  }
  whenTextDoesNotContain(text: unknown): this {
    return this.when(BooleanCriteriaEnum.TEXT_DOES_NOT_CONTAIN, [text]);
  }
  whenTextStartsWith(text: unknown): this {
    return this.when(BooleanCriteriaEnum.TEXT_STARTS_WITH, [text]);
  }
  whenTextEndsWith(text: unknown): this {
    return this.when(BooleanCriteriaEnum.TEXT_ENDS_WITH, [text]);
  }
  whenCellEmpty(): this {
    return this.when(BooleanCriteriaEnum.CELL_EMPTY, []);
  }
  whenCellNotEmpty(): this {
    return this.when(BooleanCriteriaEnum.CELL_NOT_EMPTY, []);
  }
  whenFormulaSatisfied(formula: unknown): this {
    return this.when(BooleanCriteriaEnum.CUSTOM_FORMULA, [formula]);
  }
  setBackground(color: unknown): this {
    this.spec = { ...this.spec, background: normalizeColor(color) };
    return this;
  }
  setFontColor(color: unknown): this {
    this.spec = { ...this.spec, fontColor: normalizeColor(color) };
    return this;
  }
  setBold(bold: unknown): this {
    this.spec = { ...this.spec, bold: bold === null ? undefined : Boolean(bold) };
    return this;
  }

  setRanges(ranges: unknown): this {
    if (!Array.isArray(ranges) || ranges.some((r) => !(r instanceof FakeRange))) throw badArguments('ConditionalFormatRuleBuilder.setRanges', [ranges]);
    this.ranges = [...ranges] as FakeRange[];
    return this;
  }

  getRanges(): FakeRange[] {
    return [...this.ranges];
  }

  build(): FakeConditionalFormatRule {
    const { criteria, values } = this.spec;
    if (!criteria || !values) throw new GasException('Conditional format rule must have a condition.');
    return new FakeConditionalFormatRule({ ...this.spec, criteria, values }, [...this.ranges]);
  }

  copy(): FakeConditionalFormatRuleBuilder {
    return new FakeConditionalFormatRuleBuilder({ ...this.spec }, [...this.ranges]);
  }
}
