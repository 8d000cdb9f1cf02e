import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { TTask } from '@v2mom/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { MoreRows } from '../../../../components/ui/more-rows';
import { Skeleton, SkeletonCard } from '../../../../components/ui/skeleton';
import { VirtualLine, VirtualWindow } from '../../../../components/ui/virtual-window';
import type { PagedList } from '../../../../lib/paged-list';
import { TaskCard } from './task-card';

const GAP_PX = 16;
/** A card with a line or two of description; the real height is measured once it renders. */
const ESTIMATED_CARD_PX = 260;

const Placeholders = styled.div`
  display: grid;
  gap: ${GAP_PX}px;
`;

/** Three placeholder cards while the tasks load. */
export function TaskListSkeleton() {
  return (
    <Placeholders>
      {[0, 1, 2].map((index) => (
        <SkeletonCard key={index}>
          <Skeleton $width="45%" $height="20px" />
          <Skeleton $width="90%" />
          <Skeleton $width="70%" />
          <Skeleton $width="35%" $height="14px" />
        </SkeletonCard>
      ))}
    </Placeholders>
  );
}

export interface TaskListProps {
  tasks: readonly TTask[];
  /** The next page of the list, asked for as the reader nears its end. */
  more: PagedList<TTask>['more'];
  onDelete: ((task: TTask) => void) | undefined;
}

/**
 * The task cards, rendered in a window around the viewport: thousands of tasks cost what a
 * screenful costs. The page itself scrolls, so the window follows it; the next page comes as it
 * nears the end.
 */
export function TaskList({ tasks, more, onDelete }: TaskListProps) {
  const windowRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the list starts on the page; the header and filters above it may change height.
  useLayoutEffect(() => {
    const element = windowRef.current;
    if (!element) return;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: 4,
    gap: GAP_PX,
    scrollMargin,
    getItemKey: (index) => tasks[index]?.id ?? index,
  });

  return (
    <>
      <VirtualWindow ref={windowRef} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const task = tasks[item.index];
          if (!task) return null;
          return (
            <VirtualLine
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <TaskCard task={task} onDelete={onDelete} />
            </VirtualLine>
          );
        })}
      </VirtualWindow>
      <MoreRows more={more} label="tasks" />
    </>
  );
}
