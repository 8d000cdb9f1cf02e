import { truncate, TRUNCATE_AT } from '@v2mom/contracts';
import { Field, invalidProps, Textarea } from '../../../../components/ui/field';
import { EditingMarker, presenceItem } from '../presence/form-presence';
import { itemFieldAddress } from './field-errors';
import { isSaved, newObstacle, toggleObstacleMethod, updateObstacle } from './form-state';
import { CheckChip, CheckList } from './check-chip';
import { FieldGrid, Fieldset } from './field-layout';
import type { FormEditor } from './form-editor';
import { AddButton, RemoveButton } from './item-buttons';
import { ItemChangeNote } from './item-change-note';
import { ItemCard, ItemHeader, ItemHeading, ItemList, NewTag } from './item-list';
import { OwnerSelect } from './owner-select';
import { SyncedField } from './synced-field';
import { UnseenMark } from '../unseen/unseen-mark';
import { EmptyList, Muted, TabIntro } from './tab-text';

export function ObstaclesTab({ form, update, canChangeStructure, requestRemoval, owners, viewer, fieldErrors }: FormEditor) {
  return (
    <div>
      <TabIntro>
        <Muted>What stands in the way, who owns it, and which methods it affects.</Muted>
        {canChangeStructure ? (
          <AddButton onClick={() => update((state) => ({ ...state, obstacles: [...state.obstacles, newObstacle(viewer.id)] }))}>
            Add Obstacle
          </AddButton>
        ) : null}
      </TabIntro>
      {form.obstacles.length === 0 ? (
        <EmptyList>No obstacles yet.</EmptyList>
      ) : (
        <ItemList>
          {form.obstacles.map((obstacle, index) => {
            const id = `obstacle-${obstacle.key}`;
            const errorOf = (field: string) => fieldErrors.get(itemFieldAddress('obstacles', obstacle.key, field));
            return (
              <ItemCard key={obstacle.key} aria-labelledby={`${id}-heading`} {...presenceItem('obstacle', obstacle.key)}>
                <ItemHeader>
                  <ItemHeading id={`${id}-heading`}>
                    Obstacle {index + 1}
                    {!isSaved(obstacle) ? <NewTag>New</NewTag> : null}
                  </ItemHeading>
                  {canChangeStructure ? (
                    <RemoveButton label={`Delete obstacle ${index + 1}`} onClick={() => requestRemoval('obstacle', obstacle.key)} />
                  ) : null}
                </ItemHeader>
                <EditingMarker entity="obstacle" itemKey={obstacle.key} />
                <ItemChangeNote entity="obstacle" id={obstacle.id} />
                <FieldGrid>
                  <SyncedField itemKey={obstacle.key} field="description" label="Description">
                    <Field
                      htmlFor={`${id}-description`}
                      label="Description"
                      error={errorOf('description')}
                      aside={<UnseenMark entity="obstacle" rowId={obstacle.id} fields={['description']} created />}
                    >
                      <Textarea
                        id={`${id}-description`}
                        {...invalidProps(`${id}-description`, errorOf('description'))}
                        value={obstacle.description}
                        rows={3}
                        placeholder="What is blocking progress?"
                        onChange={(event) => update((state) => updateObstacle(state, obstacle.key, { description: event.target.value }))}
                      />
                    </Field>
                  </SyncedField>
                  <Field
                    htmlFor={`${id}-owner`}
                    label="Owner"
                    error={errorOf('ownerId')}
                    aside={<UnseenMark entity="obstacle" rowId={obstacle.id} fields={['ownerId']} />}
                  >
                    <OwnerSelect
                      id={`${id}-owner`}
                      error={errorOf('ownerId')}
                      owners={owners}
                      value={obstacle.ownerId}
                      onChange={(ownerId) => update((state) => updateObstacle(state, obstacle.key, { ownerId }))}
                    />
                  </Field>
                </FieldGrid>
                <Fieldset>
                  <legend>Linked methods</legend>
                  {form.methods.length === 0 ? (
                    <Muted>Add methods to link them to this obstacle.</Muted>
                  ) : (
                    <CheckList>
                      {form.methods.map((method, methodIndex) => {
                        const text = method.description.trim() || `Method ${methodIndex + 1}`;
                        return (
                          <CheckChip
                            key={method.key}
                            label={truncate(text, TRUNCATE_AT.obstacleMethodSelector)}
                            title={text}
                            aria-label={text}
                            checked={obstacle.linkedMethodKeys.includes(method.key)}
                            onChange={() => update((state) => toggleObstacleMethod(state, obstacle.key, method.key))}
                          />
                        );
                      })}
                    </CheckList>
                  )}
                </Fieldset>
              </ItemCard>
            );
          })}
        </ItemList>
      )}
    </div>
  );
}
