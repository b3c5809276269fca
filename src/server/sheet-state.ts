// What the add-on remembers per sheet (DocumentProperties, keyed by sheet id): campaign, columns, refresh.
import type { PersonField } from '../api/types';
import { getJson, setJson } from '../core/json-props';
import type { Props } from '../core/services';

export interface BoundCampaign { id: string; name: string }
export interface LastRefresh { at: string; error: string | null }

type Slot = 'campaign' | 'mapping' | 'fallbacks' | 'autoRefresh' | 'lastRefresh';
const key = (sheetId: number, slot: Slot) => `sheet.${sheetId}.${slot}`;

export class SheetState {
  constructor(private readonly props: Props, readonly sheetId: number) {}

  get campaign(): BoundCampaign | null { return getJson(this.props, key(this.sheetId, 'campaign')); }
  set campaign(c: BoundCampaign | null) { setJson(this.props, key(this.sheetId, 'campaign'), c); }

  /** field → header text chosen by the person. */
  get mapping(): Partial<Record<PersonField, string>> { return getJson(this.props, key(this.sheetId, 'mapping')) ?? {}; }
  set mapping(m: Partial<Record<PersonField, string>>) { setJson(this.props, key(this.sheetId, 'mapping'), m); }

  get fallbacks(): Partial<Record<PersonField, string>> { return getJson(this.props, key(this.sheetId, 'fallbacks')) ?? {}; }
  set fallbacks(f: Partial<Record<PersonField, string>>) { setJson(this.props, key(this.sheetId, 'fallbacks'), f); }

  get autoRefresh(): boolean { return getJson<boolean>(this.props, key(this.sheetId, 'autoRefresh')) === true; }
  set autoRefresh(on: boolean) { setJson(this.props, key(this.sheetId, 'autoRefresh'), on || null); }

  get lastRefresh(): LastRefresh | null { return getJson(this.props, key(this.sheetId, 'lastRefresh')); }
  set lastRefresh(r: LastRefresh | null) { setJson(this.props, key(this.sheetId, 'lastRefresh'), r); }
}
