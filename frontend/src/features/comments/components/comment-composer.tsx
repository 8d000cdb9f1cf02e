import { COMMENT_LIMITS, hasVisibleCharacter, type TUserRef } from '@v2mom/contracts';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/field';
import { keepFocusInBox, useActiveOptionInView } from '../../../components/ui/active-option';
import { useListPlacement, type ListPlacement } from '../../../components/ui/use-list-placement';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { matchingPeople, mentionQueryAt, type MentionQuery, type MentionSearch } from './mention-picker';
import { mentionsAsNames, namesAsMentions } from './mention-text';

const NO_PEOPLE: readonly TUserRef[] = [];

/** The people to mention: as wide as their names, kept on screen. */
const MENTION_LIST: ListPlacement = { matchWidth: false, maxHeightPx: 260 };

/** The counter shows from here on, so a long comment sees the limit coming. */
const COUNTER_FROM = COMMENT_LIMITS.text - 500;
const numberFormat = new Intl.NumberFormat('en-US');

const Form = styled.form`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const Hint = styled.p<{ $tone?: 'danger' }>`
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerText : theme.colors.textMuted)};
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  margin-left: auto;
`;

/** Under the box until floating-ui places it where it fits (useListPlacement). */
const List = styled.ul`
  position: absolute;
  top: 100%;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

const Option = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryText : theme.colors.text)};
`;

export interface CommentComposerProps {
  /** The box's accessible name ('Write a comment', 'Reply to Morgan Diaz'). */
  label: string;
  submitLabel: string;
  /** The text an edit starts from, as stored: its `<@id>` tokens show as `@Name`. */
  initialText?: string;
  /** The people `initialText` mentions, as its answer names them. */
  initialMentions?: readonly TUserRef[];
  pending: boolean;
  /** Why the last try failed, in the server's words. */
  error?: string | null;
  /** Finds who may be mentioned (active people) as one types after `@`. */
  useMentionResults: MentionSearch;
  /** Who the draft would notify, under the box ("Will notify: …"), from the text as it would be sent. */
  notice?: (text: string, named: readonly TUserRef[]) => string | null;
  /** Sends the text, each mention as its `<@id>` token; `done` clears the box once it is saved. */
  onSubmit: (text: string, done: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Called with the text after each edit the person makes, and with '' once a post emptied the box: says they are typing. */
  onType?: (text: string) => void;
}

/**
 * The box a comment, a reply or an edit is written in (docs/PRODUCT.md#comments). Ctrl/Cmd+Enter
 * sends, Esc cancels. Typing `@` lists people; the one picked goes in as `@Name`. The box only
 * ever shows names: what is sent carries each mentioned person's `<@id>` token in its place, so
 * names can never drift from ids, and "Will notify" says whom posting tells.
 */
export function CommentComposer({
  label,
  submitLabel,
  initialText = '',
  initialMentions = NO_PEOPLE,
  pending,
  error,
  useMentionResults,
  notice,
  onSubmit,
  onCancel,
  autoFocus,
  onType,
}: CommentComposerProps) {
  // Whom an `@Name` in the box means: the last picked first, so of two people sharing a name the
  // one picked is meant; then those the edited text mentioned (the server says so if one is no
  // longer active); then the active people the last search found.
  const [picked, setPicked] = useState<readonly TUserRef[]>(NO_PEOPLE);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const found = useMentionResults(mention?.query.trim() ?? '', mention !== null);
  const people = found.rows ?? NO_PEOPLE;
  const named = useMemo(() => [...picked, ...initialMentions, ...people.filter((person) => person.active)], [picked, initialMentions, people]);
  const [text, setText] = useState(() => mentionsAsNames(initialText, initialMentions));
  const [activeIndex, setActiveIndex] = useState(0);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const caretAfterPick = useRef<number | null>(null);
  const id = useId();
  const listId = `${id}-people`;
  const hintId = `${id}-hint`;

  const matches = mention ? matchingPeople(people, mention.query) : [];
  const open = matches.length > 0;
  const active = Math.min(activeIndex, matches.length - 1);
  useActiveOptionInView(open ? `${listId}-${active}` : undefined);
  const [reference, setReference] = useState<HTMLTextAreaElement | null>(null);
  const [floating, setFloating] = useState<HTMLUListElement | null>(null);
  useListPlacement(open, reference, floating, MENTION_LIST);

  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null || !textareaRef.current) return;
    caretAfterPick.current = null;
    textareaRef.current.setSelectionRange(caret, caret);
  }, [text]);

  const follow = (value: string, caret: number) => {
    setMention(mentionQueryAt(value, caret));
    setActiveIndex(0);
  };

  const pick = (person: TUserRef) => {
    if (!mention) return;
    const caret = textareaRef.current?.selectionStart ?? text.length;
    const written = `@${person.name} `;
    caretAfterPick.current = mention.start + written.length;
    setText(text.slice(0, mention.start) + written + text.slice(caret));
    setPicked([person, ...picked.filter((other) => other.id !== person.id)]);
    setMention(null);
  };

  // What would be sent: the limit counts its characters, tokens and all.
  const sent = namesAsMentions(text, named);
  const length = sent.length;
  const tooLong = length > COMMENT_LIMITS.text;
  // Blank as the server has it: nothing visible, zero-width spaces and the like included.
  const empty = !hasVisibleCharacter(sent);
  const submit = () => {
    if (empty || tooLong || pending) return;
    onSubmit(sent, () => {
      setText('');
      setPicked(NO_PEOPLE);
      onType?.('');
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (step !== undefined) {
        event.preventDefault();
        setActiveIndex((active + step + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const person = matches[active];
        if (person) pick(person);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const notifies = notice?.(sent, named) ?? null;
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Textarea
        ref={(element) => {
          textareaRef.current = element;
          setReference(element);
        }}
        aria-label={label}
        aria-describedby={hintId}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        $invalid={tooLong}
        aria-invalid={tooLong || undefined}
        autoFocus={autoFocus}
        placeholder="Write a comment… Markdown works; @ mentions someone"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          follow(event.target.value, event.target.selectionStart);
          onType?.(event.target.value);
        }}
        onSelect={(event) => {
          const target = event.currentTarget;
          if (target.selectionStart === target.selectionEnd) follow(target.value, target.selectionStart);
        }}
        onBlur={() => setMention(null)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <>
          {/* In the Tab order, so a list taller than its room is a region the keyboard can scroll;
              while it is open, Tab in the box picks the active person, so it never lands here. */}
          <List ref={setFloating} id={listId} role="listbox" tabIndex={0} aria-label="People to mention" onMouseDown={keepFocusInBox}>
            {matches.map((person, index) => (
              <Option
                key={person.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                $active={index === active}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => pick(person)}
              >
                {person.name}
              </Option>
            ))}
          </List>
        </>
      )}
      <Footer>
        <div id={hintId}>
          {notifies && <Hint>{notifies}</Hint>}
          {length >= COUNTER_FROM && (
            <Hint $tone={tooLong ? 'danger' : undefined} aria-live="polite">
              {numberFormat.format(length)} / {numberFormat.format(COMMENT_LIMITS.text)} characters
            </Hint>
          )}
          {error && (
            <Hint $tone="danger" role="alert">
              {error}
            </Hint>
          )}
          <VisuallyHidden>Ctrl or Cmd and Enter sends.</VisuallyHidden>
        </div>
        <Buttons>
          {onCancel && (
            <Button size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button size="sm" variant="primary" type="submit" loading={pending} disabled={empty || tooLong}>
            {submitLabel}
          </Button>
        </Buttons>
      </Footer>
    </Form>
  );
}
