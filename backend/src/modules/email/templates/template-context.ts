/** What every template needs beside its data: whom it addresses and how its links start. */
export interface TemplateContext {
  brand: string;
  recipientName: string;
  recipientId: number;
  /** An app path as an absolute link. */
  url(path: string): string;
  preferencesUrl: string;
}
