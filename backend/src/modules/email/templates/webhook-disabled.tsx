import { PATHS } from '@v2mom/contracts';
import { ActionButton, EmailLayout, Paragraph, Written } from './email-layout.js';
import type { WebhookDisabledData } from './email-messages.js';
import type { TemplateContext } from './template-context.js';

export function webhookDisabledSubject(): string {
  return 'A webhook you made was turned off';
}

/** To a webhook's maker: it failed every delivery for 3 days and was turned off (docs/PRODUCT.md#webhooks). */
export function WebhookDisabled({ data, context }: { data: WebhookDisabledData; context: TemplateContext }) {
  return (
    <EmailLayout brand={context.brand} preview={webhookDisabledSubject()} heading="Webhook turned off" reason={<>you made this webhook</>} preferencesUrl={context.preferencesUrl}>
      <Paragraph>
        Every delivery to <Written>{data.webhook.url}</Written>
        {data.webhook.description ? (
          <>
            {' '}
            (<Written>{data.webhook.description}</Written>)
          </>
        ) : null}{' '}
        has failed for 3 days, so it was turned off and hears of nothing more. Turn it on again in Settings once its receiver answers.
      </Paragraph>
      {data.lastError ? (
        <Paragraph>
          The last attempt: <Written>{data.lastError}</Written>
        </Paragraph>
      ) : null}
      <ActionButton href={context.url(`${PATHS.settings}?tab=webhooks`)}>Open the webhooks</ActionButton>
    </EmailLayout>
  );
}
