// Where a key's requests of the last minute are counted across executions (docs/rules.md#parts): a cache key named by a
// short hash of the key (never the key), and the person's UserProperties, which keep the count while CacheService forgets.
import { shortHash } from '../core/hash';
import type { Props } from '../core/services';
import { textValues } from './json-props';
import { USER_KEYS } from './state-keys';

export const paceRecord = (props: Props, apiKey: string) => ({ key: USER_KEYS.pace(shortHash(apiKey)), durable: textValues(props) });
