import { useState } from 'react';
import styled from 'styled-components';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { isSaved, newMethod } from './form-state';
import type { FormEditor } from './form-editor';
import { AddButton, RemoveButton } from './item-buttons';
import { ItemChangeNote } from './item-change-note';
import { ItemCard, ItemHeader, ItemList, NewTag } from './item-list';
import { EmptyList, Muted, TabIntro } from './tab-text';
import { MethodEditor } from './method-editor';
import { EditingMarker, presenceItem } from '../presence/form-presence';
import { ChevronRightIcon } from '../../../../components/ui/icons';
import { UnseenMark } from '../unseen/unseen-mark';

const NO_FIELDS: readonly string[] = [];

const Toggle = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  flex: 1;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  margin-left: -${({ theme }) => theme.space[2]};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  svg {
    flex: none;
    transition: transform ${({ theme }) => theme.motion.fast};
  }
  &[aria-expanded='true'] svg {
    transform: rotate(90deg);
  }
`;

const Heading = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  flex: 1;
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

/** 'Method 12' stays on one line however narrow the phone. */
const Ordinal = styled.span`
  flex: none;
  white-space: nowrap;
`;

const Summary = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface MethodsTabProps extends FormEditor {
  /** A method to expand, each time a new one is asked for (the way through others' changes). */
  revealed?: { key: string } | null;
}

export function MethodsTab({ revealed = null, ...editor }: MethodsTabProps) {
  const { form, update, canChangeStructure, requestRemoval, viewer } = editor;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [lastRevealed, setLastRevealed] = useState(revealed);
  if (revealed !== lastRevealed) {
    setLastRevealed(revealed);
    if (revealed && collapsed.has(revealed.key)) setCollapsed(new Set([...collapsed].filter((key) => key !== revealed.key)));
  }

  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div>
      <TabIntro>
        <Muted>The actions that achieve the vision, with their owners, measures and progress.</Muted>
        {canChangeStructure ? (
          <AddButton onClick={() => update((state) => ({ ...state, methods: [...state.methods, newMethod(viewer.id)] }))}>
            Add Method
          </AddButton>
        ) : null}
      </TabIntro>
      {form.methods.length === 0 ? (
        <EmptyList>No methods yet.</EmptyList>
      ) : (
        <ItemList>
          {form.methods.map((method, index) => {
            const open = !collapsed.has(method.key);
            const bodyId = `method-${method.key}-body`;
            return (
              <ItemCard key={method.key} {...presenceItem('method', method.key)}>
                <ItemHeader>
                  <Heading>
                    <Toggle type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => toggle(method.key)}>
                      <ChevronRightIcon />
                      <Ordinal>Method {index + 1}</Ordinal>
                      {method.description.trim() ? <Summary>· {method.description}</Summary> : null}
                    </Toggle>
                  </Heading>
                  {!isSaved(method) ? <NewTag>New</NewTag> : null}
                  <WorkStatusBadge status={method.status} dot={false} />
                  <UnseenMark entity="method" rowId={method.id} fields={NO_FIELDS} created />
                  {canChangeStructure ? (
                    <RemoveButton label={`Delete method ${index + 1}`} onClick={() => requestRemoval('method', method.key)} />
                  ) : null}
                </ItemHeader>
                <EditingMarker entity="method" itemKey={method.key} />
                <ItemChangeNote entity="method" id={method.id} />
                <div id={bodyId} hidden={!open} style={{ display: open ? 'grid' : undefined, gap: 16 }}>
                  {open ? <MethodEditor {...editor} method={method} index={index} /> : null}
                </div>
              </ItemCard>
            );
          })}
        </ItemList>
      )}
    </div>
  );
}
