// Per campaign of several parts, the estimate the person last saw, by part, with its time (docs/rules.md#parts): Generate
// then estimates again only the parts whose waiting count moved. Kept in pieces, as it grows with the parts.
import type { Estimate } from '../api/types';
import type { Props } from '../core/services';
import { getJsonLarge, setJsonLarge } from './json-props';
import { DOC_KEYS } from './state-keys';

export interface SavedQuote {
  at: number;
  parts: Record<string, Estimate>;
}

export const lastQuote = (props: Props, campaignId: string): SavedQuote | null => getJsonLarge<SavedQuote>(props, DOC_KEYS.quote(campaignId));

export const saveQuote = (props: Props, campaignId: string, q: SavedQuote): void => setJsonLarge(props, DOC_KEYS.quote(campaignId), q);
