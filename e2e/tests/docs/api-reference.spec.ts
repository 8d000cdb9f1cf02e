import { expect, test } from '../../support/test.ts';

test.describe('API reference', () => {
  test('renders every area of the generated document under our CSP, with nothing fetched from elsewhere', async ({ page, baseURL }) => {
    const violations: string[] = [];
    const foreignRequests: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL ?? '') && !/^(data|blob):/.test(request.url())) foreignRequests.push(request.url());
    });

    await page.goto('/api/docs');

    await expect(page.getByRole('heading', { name: 'V2MOM Tracker API' })).toBeVisible();
    await expect(page.getByText('Sign in; sets the session cookie').first()).toBeAttached();
    expect(violations).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
