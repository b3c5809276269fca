// What the add-on remembers per sheet (DocumentProperties, keyed by sheet id): campaign, columns, refresh.
import { DOC_KEYS } from '../records/state-keys';
import type { PersonField } from '../shared/person';
import { getJson, setJson } from '../records/json-props';
import type { Props } from '../core/services';

export interface BoundCampaign {
  id: string;
  name: string;
}
export interface LastRefresh {
  at: string;
  error: string | null;
}

/** Auto-refresh of a tab belongs to the person who switched it on (docs/rules.md#settings): only their timer runs it. */
export interface AutoRefreshOwner {
  /** userId of the owner; '' for a tab switched on before owners were recorded (the next timer claims it). */
  user: string;
  keyHint: string | null;
  /** The timer's interval in force for the owner. */
  minutes: number;
  /** When it was switched on, and the owner's last timer run on this tab (ISO): a run overdue is noticed (docs/rules.md#readings). */
  since?: string;
  lastRun?: string;
  /** When the owner's trigger was last put back because runs were overdue. */
  restoredAt?: string;
}

const key = DOC_KEYS.tab;

export class SheetState {
  constructor(
    private readonly props: Props,
    readonly sheetId: number,
  ) {}

  get campaign(): BoundCampaign | null {
    return getJson(this.props, key(this.sheetId, 'campaign'));
  }
  set campaign(c: BoundCampaign | null) {
    setJson(this.props, key(this.sheetId, 'campaign'), c);
  }

  /** field → header text chosen by the person. */
  get mapping(): Partial<Record<PersonField, string>> {
    return getJson(this.props, key(this.sheetId, 'mapping')) || {};
  }
  set mapping(m: Partial<Record<PersonField, string>>) {
    setJson(this.props, key(this.sheetId, 'mapping'), m);
  }

  get fallbacks(): Partial<Record<PersonField, string>> {
    return getJson(this.props, key(this.sheetId, 'fallbacks')) || {};
  }
  set fallbacks(f: Partial<Record<PersonField, string>>) {
    setJson(this.props, key(this.sheetId, 'fallbacks'), f);
  }

  /** Null when auto-refresh is off. */
  get autoRefresh(): AutoRefreshOwner | null {
    const v = getJson<AutoRefreshOwner | boolean>(this.props, key(this.sheetId, 'autoRefresh'));
    if (v === true) return { user: '', keyHint: null, minutes: 60 };
    return v && typeof v === 'object' ? v : null;
  }
  set autoRefresh(owner: AutoRefreshOwner | null) {
    setJson(this.props, key(this.sheetId, 'autoRefresh'), owner);
  }

  /** True when `user` may run this tab's refresh on a timer, or record its outcome. */
  ownedBy(user: string): boolean {
    const owner = this.autoRefresh;
    return !owner || owner.user === '' || owner.user === user;
  }

  get lastRefresh(): LastRefresh | null {
    return getJson(this.props, key(this.sheetId, 'lastRefresh'));
  }
  set lastRefresh(r: LastRefresh | null) {
    setJson(this.props, key(this.sheetId, 'lastRefresh'), r);
  }
}
