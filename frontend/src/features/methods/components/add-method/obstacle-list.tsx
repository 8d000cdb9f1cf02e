import { TEXT_LIMITS } from '@v2mom/contracts';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/field';
import { PlusIcon, TrashIcon } from '../../../../components/ui/icons';
import { addObstacle, canRemoveObstacle, removeObstacle, type ObstacleDraft } from './add-method-state';

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: start;
  gap: ${({ theme }) => theme.space[2]};

  textarea {
    min-height: 64px;
  }
`;

interface ObstacleListProps {
  obstacles: ObstacleDraft[];
  onChange: (obstacles: ObstacleDraft[]) => void;
  disabled: boolean;
}

/** The obstacles created with the method: add as many as needed, remove while more than one. */
export function ObstacleList({ obstacles, onChange, disabled }: ObstacleListProps) {
  const removable = canRemoveObstacle(obstacles);
  const setDescription = (key: number, description: string) =>
    onChange(obstacles.map((obstacle) => (obstacle.key === key ? { ...obstacle, description } : obstacle)));

  return (
    <>
      <List>
        {obstacles.map((obstacle, index) => {
          return (
            <Row key={obstacle.key}>
              <Textarea
                aria-label={`Obstacle ${index + 1}`}
                value={obstacle.description}
                maxLength={TEXT_LIMITS.description}
                placeholder="What could stand in the way?"
                rows={2}
                disabled={disabled}
                onChange={(event) => setDescription(obstacle.key, event.target.value)}
              />
              {removable ? (
                <Button
                  variant="ghost"
                  iconOnly
                  aria-label={`Remove obstacle ${index + 1}`}
                  disabled={disabled}
                  onClick={() => onChange(removeObstacle(obstacles, obstacle.key))}
                >
                  <TrashIcon />
                </Button>
              ) : null}
            </Row>
          );
        })}
      </List>
      <div>
        <Button size="sm" leadingIcon={<PlusIcon />} disabled={disabled} onClick={() => onChange(addObstacle(obstacles))}>
          Add Obstacle
        </Button>
      </div>
    </>
  );
}
