// What the add-on remembers per sheet (DocumentProperties, keyed by sheet id): campaign, columns, refresh.
import { DOC_KEYS } from './state-keys';
import type { PersonField } from '../shared/person';
import { getJson, setJson } from './json-props';
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

type Name = Parameters<typeof key>[1];

/** One of the tab's records: each is one JSON value under the tab's key for it. */
const read = <T>(s: SheetState, name: Name): T | null => getJson<T>(s.props, key(s.sheetId, name));
const write = (s: SheetState, name: Name, v: unknown): void => setJson(s.props, key(s.sheetId, name), v);

export class SheetState {
  constructor(
    readonly props: Props,
    readonly sheetId: number,
  ) {}

  get campaign(): BoundCampaign | null {
    return read(this, 'campaign');
  }
  set campaign(c: BoundCampaign | null) {
    write(this, 'campaign', c);
  }

  /** field → header text chosen by the person. */
  get mapping(): Partial<Record<PersonField, string>> {
    return read(this, 'mapping') || {};
  }
  set mapping(m: Partial<Record<PersonField, string>>) {
    write(this, 'mapping', m);
  }

  get fallbacks(): Partial<Record<PersonField, string>> {
    return read(this, 'fallbacks') || {};
  }
  set fallbacks(f: Partial<Record<PersonField, string>>) {
    write(this, 'fallbacks', f);
  }

  /** Null when auto-refresh is off. */
  get autoRefresh(): AutoRefreshOwner | null {
    const v = read<AutoRefreshOwner | boolean>(this, 'autoRefresh');
    if (v === true) return { user: '', keyHint: null, minutes: 60 };
    return v && typeof v === 'object' ? v : null;
  }
  set autoRefresh(owner: AutoRefreshOwner | null) {
    write(this, 'autoRefresh', owner);
  }

  /** True when `user` may run this tab's refresh on a timer, or record its outcome. */
  ownedBy(user: string): boolean {
    const owner = this.autoRefresh;
    return !owner || owner.user === '' || owner.user === user;
  }

  get lastRefresh(): LastRefresh | null {
    return read(this, 'lastRefresh');
  }
  set lastRefresh(r: LastRefresh | null) {
    write(this, 'lastRefresh', r);
  }
}
