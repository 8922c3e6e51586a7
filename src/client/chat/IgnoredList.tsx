/** The players this device hides, each with a way to show them again. */

import { useAtom } from 'jotai';
import { useT } from '../i18n/i18n';
import { chatIgnoredAtom } from './chatAtoms';

export function IgnoredList() {
  const t = useT();
  const [ignored, setIgnored] = useAtom(chatIgnoredAtom);
  if (ignored.length === 0) return null;
  return (
    <details className="chat-ignored">
      <summary>{t('chat.ignored', { n: ignored.length })}</summary>
      {ignored.map((nickname) => (
        <button key={nickname} type="button" onClick={() => setIgnored(ignored.filter((other) => other !== nickname))}>
          {t('chat.unignore', { nickname })}
        </button>
      ))}
    </details>
  );
}
