// Apps Script enums as the stand-in represents them: each value is its own name as a string.

export type EnumOf<K extends string> = { readonly [P in K]: P };

export function enumOf<const K extends string>(...names: K[]): EnumOf<K> {
  return Object.freeze(Object.fromEntries(names.map((n) => [n, n]))) as EnumOf<K>;
}

export const AuthModeEnum = enumOf('NONE', 'LIMITED', 'FULL', 'CUSTOM_FUNCTION');
export const AuthorizationStatusEnum = enumOf('REQUIRED', 'NOT_REQUIRED');
export const EventTypeEnum = enumOf('CLOCK', 'ON_OPEN', 'ON_EDIT', 'ON_FORM_SUBMIT', 'ON_CHANGE', 'ON_EVENT_UPDATED');
export const TriggerSourceEnum = enumOf('SPREADSHEETS', 'CLOCK', 'FORMS', 'DOCUMENTS', 'CALENDAR');
export const ButtonEnum = enumOf('CLOSE', 'OK', 'CANCEL', 'YES', 'NO');
export const ButtonSetEnum = enumOf('OK', 'OK_CANCEL', 'YES_NO', 'YES_NO_CANCEL');
export const SandboxModeEnum = enumOf('EMULATED', 'IFRAME', 'NATIVE');
export const XFrameOptionsModeEnum = enumOf('ALLOWALL', 'DEFAULT');
export const BooleanCriteriaEnum = enumOf(
  'CELL_EMPTY',
  'CELL_NOT_EMPTY',
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EQUAL_TO',
  'TEXT_NOT_EQUAL_TO',
  'TEXT_STARTS_WITH',
  'TEXT_ENDS_WITH',
  'CUSTOM_FORMULA',
);
export type BooleanCriteria = keyof typeof BooleanCriteriaEnum;
