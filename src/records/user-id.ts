// Who is calling: a random id kept in the person's own UserProperties (docs/rules.md#settings), since the add-on
// does not ask for the email scope and the temporary user key changes every 30 days.
import { USER_KEYS } from './state-keys';
import type { Props } from '../core/services';

const KEY = USER_KEYS.userId;

export function userId(props: Props): string {
  const saved = props.getProperty(KEY);
  if (saved) return saved;
  let id = 'u';
  for (let i = 0; i < 16; i++) id += Math.floor(Math.random() * 16).toString(16);
  props.setProperty(KEY, id);
  return id;
}
