import { useContext, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { itemKey, UnseenMarksContext } from './unseen-context';
import type { UnseenMarkProps } from './unseen-mark';
import { Dot, type Line } from './unseen-dot';
import type MarkPopover from './unseen-mark-popover';
import { authorText, changeTime, fieldLabel, valueText } from './unseen-model';

const sentence = (line: Line) =>
  `${line.what}${line.old === undefined ? '' : ` from ${line.old} to ${line.new}`}, by ${authorText(line.actor, line.viaToken)}, ${changeTime(line.at)}`;


/** The mark's popover and floating-ui, once some mark has asked for them. */
let loadedPopover: typeof MarkPopover | undefined;

/** How the mark was asked for its popover before that part loaded. */
interface Asked {
  open: boolean;
  focus: boolean;
}

/**
 * The marker itself, once there is something to show. Until a mark is first hovered, focused or
 * tapped it is a plain button: the popover and floating-ui load then, and show at once.
 */
function MarkButton({ lines, changeIds }: { lines: readonly Line[]; changeIds: readonly number[] }) {
  const detailsId = useId();
  const [Loaded, setLoaded] = useState(() => loadedPopover);
  const asked = useRef<Asked>({ open: false, focus: false });
  const [shown, setShown] = useState<Asked>({ open: false, focus: false });

  const ask = (focus: boolean) => {
    asked.current = { open: true, focus: focus || asked.current.focus };
    void import('./unseen-mark-popover').then(({ default: popover }) => {
      loadedPopover = popover;
      setShown(asked.current);
      setLoaded(() => popover);
    });
  };

  return (
    <>
      {Loaded ? (
        <Loaded lines={lines} changeIds={changeIds} detailsId={detailsId} openAtFirst={shown.open} focusAtFirst={shown.focus} />
      ) : (
        <Dot
          type="button"
          aria-label="Unseen change"
          aria-describedby={detailsId}
          data-unseen-marker=""
          data-unseen-changes={changeIds.join(' ')}
          onPointerEnter={() => ask(false)}
          onPointerLeave={() => {
            asked.current = { ...asked.current, open: asked.current.focus };
          }}
          onFocus={() => ask(true)}
          onBlur={() => {
            asked.current = { open: false, focus: false };
          }}
          onClick={() => ask(true)}
        />
      )}
      {/* Outside the field's heading or label, so it never becomes part of their text. */}
      {createPortal(<VisuallyHidden id={detailsId}>{lines.map(sentence).join('; ')}</VisuallyHidden>, document.body)}
    </>
  );
}

/** The mark of a field with unseen changes (see `UnseenMark`), loaded with the page's first one. */
export default function UnseenMarkLines({ entity, rowId, fields, created = false }: UnseenMarkProps) {
  const { items, people } = useContext(UnseenMarksContext);
  const item = rowId === undefined ? undefined : items.get(itemKey(entity, rowId));
  if (!item) return null;

  const lines: Line[] = [];
  const changeIds: number[] = [];
  if (created && item.created) {
    lines.push({ key: 'created', what: 'Added', ...item.created });
    changeIds.push(item.created.changeId);
  }
  for (const field of fields) {
    const change = item.fields.get(field);
    if (!change) continue;
    lines.push({
      key: field,
      what: `${fieldLabel(field)} changed`,
      old: valueText(entity, field, change.old, people),
      new: valueText(entity, field, change.new, people),
      actor: change.actor,
      viaToken: change.viaToken,
      at: change.at,
    });
    changeIds.push(...change.changeIds);
  }
  return lines.length === 0 ? null : <MarkButton lines={lines} changeIds={changeIds} />;
}
