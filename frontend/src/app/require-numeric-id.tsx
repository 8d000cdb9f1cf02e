import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import NotFoundPage from './routes/not-found';

/** `/v2mom/:id` and `/method/:id` take positive whole numbers only; anything else is not found. */
export function isNumericId(value: string | undefined): boolean {
  return value !== undefined && /^[1-9]\d*$/.test(value);
}

export function RequireNumericId({ children }: { children: ReactNode }) {
  const { id } = useParams();
  return isNumericId(id) ? children : <NotFoundPage />;
}
