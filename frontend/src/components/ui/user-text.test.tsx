import { render } from '@testing-library/react';
import { written } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { PersonName, Sentence } from './user-text';

/** U+202E: what follows it reads right to left until its paragraph ends, unless isolated. */
const REVERSING = '\u202Eeel nagol';

/** The texts of a line that sit outside every isolate, in order. */
const outside = (line: HTMLElement) =>
  Array.from(line.childNodes)
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent);

describe('text people wrote, set in a line', () => {
  it('sits in an isolate of its own, the words around it outside', () => {
    const { container } = render(
      <p>
        <Sentence sentence={[written(REVERSING), ' changed ', "'", written('Launch podcast'), "'"]} />
      </p>,
    );
    const line = container.querySelector('p') as HTMLElement;
    expect(Array.from(line.querySelectorAll('bdi'), (isolate) => isolate.textContent)).toEqual([REVERSING, 'Launch podcast']);
    expect(outside(line)).toEqual([' changed ', "'", "'"]);
  });

  it("keeps a deactivated person's '(inactive)' outside their name's isolate", () => {
    const { container } = render(
      <p>
        <PersonName person={{ name: REVERSING, active: false }} /> owns it
      </p>,
    );
    const line = container.querySelector('p') as HTMLElement;
    expect(line.querySelector('bdi')?.textContent).toBe(REVERSING);
    expect(line).toHaveTextContent(`${REVERSING} (inactive) owns it`);
    expect(outside(line).join('')).toBe(' (inactive) owns it');
  });

  it('says who is missing, with nothing to isolate', () => {
    const { container } = render(<PersonName person={null} missing="Someone else" />);
    expect(container.innerHTML).toBe('Someone else');
  });
});
