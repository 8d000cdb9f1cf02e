import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { isolated, type TSentence } from '@v2mom/contracts';
import type { CSSProperties, ReactNode } from 'react';

/**
 * Every email's frame (docs/PRODUCT.md#email): the sender's name, a heading, the body and a footer
 * with the person's preferences. Colours are explicit for light clients; clients that honour
 * `prefers-color-scheme` get the dark ones, and those that invert colours themselves start from
 * plain dark text on white, which they invert well.
 */

const LIGHT = { page: '#f1f5f9', card: '#ffffff', border: '#e2e8f0', text: '#0f172a', muted: '#475569', link: '#1d4ed8', button: '#1d4ed8' };

const DARK_STYLES = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    /* React Email's Body repeats the page's style on the cell that wraps the card. */
    .email-page, .email-page > table > tbody > tr > td { background-color: #0b1220 !important; }
    .email-card { background-color: #111a2e !important; border-color: #24324d !important; }
    .email-text { color: #e2e8f0 !important; }
    .email-muted { color: #a3b1c6 !important; }
    .email-link { color: #93c5fd !important; }
    .email-button { background-color: #2563eb !important; color: #ffffff !important; }
    .email-rule { border-color: #24324d !important; }
  }
`;

const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const styles = {
  page: { backgroundColor: LIGHT.page, fontFamily: FONT, margin: 0, padding: '24px 0' },
  card: { backgroundColor: LIGHT.card, border: `1px solid ${LIGHT.border}`, borderRadius: '8px', maxWidth: '600px', padding: '24px' },
  brand: { color: LIGHT.muted, fontSize: '13px', fontWeight: 600, letterSpacing: '0.04em', margin: '0 0 8px', textTransform: 'uppercase' },
  heading: { color: LIGHT.text, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' },
  subheading: { color: LIGHT.text, fontSize: '16px', lineHeight: '22px', margin: '24px 0 8px' },
  text: { color: LIGHT.text, fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
  muted: { color: LIGHT.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 4px' },
  item: { color: LIGHT.text, fontSize: '15px', lineHeight: '22px', margin: '0' },
  link: { color: LIGHT.link, textDecoration: 'underline' },
  button: { backgroundColor: LIGHT.button, borderRadius: '6px', color: '#ffffff', fontSize: '15px', fontWeight: 600, padding: '10px 18px', textDecoration: 'none' },
  rule: { borderColor: LIGHT.border, margin: '24px 0 16px' },
} satisfies Record<string, CSSProperties>;

export interface EmailFrameProps {
  brand: string;
  preview: string;
  heading: string;
  /** Why the person gets it, ending the sentence "You get this email because …". */
  reason: ReactNode;
  preferencesUrl: string;
  children: ReactNode;
}

export function EmailLayout({ brand, preview, heading, reason, preferencesUrl, children }: EmailFrameProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_STYLES}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="email-page" style={styles.page}>
        <Container className="email-card" style={styles.card}>
          <Text className="email-muted" style={styles.brand}>
            {brand}
          </Text>
          <Heading as="h1" className="email-text" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          <Hr className="email-rule" style={styles.rule} />
          <Text className="email-muted" style={styles.muted}>
            You get this email because {reason}.{' '}
            <Link className="email-link" style={styles.link} href={preferencesUrl}>
              Choose which emails you get
            </Link>
            .
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text className="email-text" style={styles.text}>
      {children}
    </Text>
  );
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" className="email-text" style={styles.subheading}>
      {children}
    </Heading>
  );
}

/**
 * What someone wrote (a name, a title), set in a line of the email's words (docs/PRODUCT.md#user-text):
 * in a direction isolate of its own, `<bdi>`, and between isolate marks inside it for the clients
 * that do not know `<bdi>` and for the plain text made from the HTML.
 */
export function Written({ children }: { children: string }) {
  return <bdi>{isolated(children)}</bdi>;
}

/** A title quoted in a line, as `quoted` quotes it in a subject: ‘Launch podcast’. */
export function Quoted({ title }: { title: string }) {
  return (
    <>
      ‘<Written>{title}</Written>’
    </>
  );
}

/** A sentence of the product's words and written parts, each written part isolated. */
export function EmailSentence({ sentence }: { sentence: TSentence }) {
  return <>{sentence.map((part, index) => (typeof part === 'string' ? part : <Written key={index}>{part.written}</Written>))}</>;
}

/** One item of a list: its name linking to its page, and a line about it. */
export function ItemLine({ href, name, detail }: { href: string; name: ReactNode; detail: ReactNode }) {
  return (
    <Section style={{ margin: '0 0 12px' }}>
      <Text className="email-text" style={styles.item}>
        <Link className="email-link" style={styles.link} href={href}>
          {name}
        </Link>
      </Text>
      <Text className="email-muted" style={styles.muted}>
        {detail}
      </Text>
    </Section>
  );
}

/** A link in a line of text. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link className="email-link" style={styles.link} href={href}>
      {children}
    </Link>
  );
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0 4px' }}>
      <Button className="email-button" style={styles.button} href={href}>
        {children}
      </Button>
    </Section>
  );
}

/** A list that may be empty: its items, or a line that says there are none. */
export function ListOrNone<T>({ items, none, children }: { items: readonly T[]; none: string; children: (item: T) => ReactNode }) {
  return items.length > 0 ? <>{items.map(children)}</> : <Paragraph>{none}</Paragraph>;
}
