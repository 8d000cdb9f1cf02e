import { pathTo } from '@v2mom/contracts';
import { ActionButton, EmailLayout, ItemLine, Paragraph, Quoted, Written } from './email-layout.js';
import type { StaleMethod, StaleMethodsData } from './email-messages.js';
import { count, formatDay, quoted } from './email-words.js';
import type { TemplateContext } from './template-context.js';

export function staleMethodsSubject({ v2mom, methods }: StaleMethodsData): string {
  return `${count(methods.length, 'method')} of ${quoted(v2mom.title)} ${methods.length === 1 ? 'has' : 'have'} gone two periods without a check-in`;
}

/** A stale method's line, here and in the meeting digest. */
export function StaleDetail({ method }: { method: StaleMethod }) {
  return (
    <>
      {method.owner === null ? 'No owner' : <Written>{method.owner}</Written>} · no check-in since {formatDay(method.staleSince)}
    </>
  );
}

/** To a department V2MOM's owner: its methods with no check-in for two periods. */
export function StaleMethods({ data, context }: { data: StaleMethodsData; context: TemplateContext }) {
  return (
    <EmailLayout
      brand={context.brand}
      preview={staleMethodsSubject(data)}
      heading="Methods without a check-in"
      reason={
        <>
          you own the V2MOM <Quoted title={data.v2mom.title} />
        </>
      }
      preferencesUrl={context.preferencesUrl}
    >
      <Paragraph>
        These methods of <Quoted title={data.v2mom.title} /> have had no check-in for two periods. A word with their owners may help.
      </Paragraph>
      {data.methods.map((method) => (
        <ItemLine key={method.id} href={context.url(pathTo.method(method.id))} name={<Written>{method.name}</Written>} detail={<StaleDetail method={method} />} />
      ))}
      <ActionButton href={context.url(pathTo.v2mom(data.v2mom.id))}>Open the V2MOM</ActionButton>
    </EmailLayout>
  );
}
