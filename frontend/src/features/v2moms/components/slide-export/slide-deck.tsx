import {
  currentQuarterMeasure,
  fiscalQuarterOf,
  quarterLabel,
  SLIDE_EXPORT,
  workStatusLabel,
  workStatusTone,
  type TBadgeTone,
  type TMethodListItem,
  type TV2momComplete,
} from '@v2mom/contracts';
import styled from 'styled-components';
import { PersonName, UserText } from '../../../../components/ui/user-text';
import { formatDate } from '../../../../lib/dates';

/**
 * The exported slide, drawn at exactly 1920x1080 in a fixed light palette (a slide goes on a
 * projector whatever theme the author uses). Plain CSS only: html2canvas draws what it can parse.
 */
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#e2e8f0';
const ACCENT = '#4f46e5';

const TONES: Record<TBadgeTone, { bg: string; fg: string; bar: string }> = {
  grey: { bg: '#f1f5f9', fg: '#334155', bar: '#94a3b8' },
  blue: { bg: '#dbeafe', fg: '#1e40af', bar: '#2563eb' },
  green: { bg: '#dcfce7', fg: '#166534', bar: '#16a34a' },
  yellow: { bg: '#fef3c7', fg: '#92400e', bar: '#d97706' },
  red: { bg: '#fee2e2', fg: '#991b1b', bar: '#dc2626' },
};

const Slide = styled.div`
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  width: ${SLIDE_EXPORT.width}px;
  height: ${SLIDE_EXPORT.height}px;
  padding: 64px 80px 48px;
  background: #ffffff;
  color: ${INK};
  font-family: Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  overflow: hidden;
  position: relative;
`;

const AccentBar = styled.div`
  position: absolute;
  left: 0;
  top: 0;
  width: 100%;
  height: 12px;
  background: ${ACCENT};
`;

const Head = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 48px;
  padding-bottom: 28px;
  border-bottom: 2px solid ${LINE};
`;

const Eyebrow = styled.div`
  font-size: 22px;
  font-weight: 600;
  letter-spacing: 3px;
  text-transform: uppercase;
  color: ${ACCENT};
`;

const Title = styled.div`
  margin-top: 10px;
  font-size: 56px;
  font-weight: 700;
  line-height: 1.1;
  letter-spacing: -1px;
  max-height: 124px;
  overflow: hidden;
`;

const Sub = styled.div`
  margin-top: 12px;
  font-size: 26px;
  color: ${MUTED};
`;

const Overall = styled.div`
  flex: none;
  text-align: right;
`;

const OverallValue = styled.div`
  font-size: 72px;
  font-weight: 700;
  line-height: 1;
  color: ${ACCENT};
`;

const OverallLabel = styled.div`
  margin-top: 8px;
  font-size: 22px;
  color: ${MUTED};
`;

const Grid = styled.div`
  flex: 1;
  display: grid;
  grid-template-columns: repeat(${SLIDE_EXPORT.columns}, 1fr);
  grid-template-rows: repeat(2, 1fr);
  gap: 32px;
  padding: 32px 0 24px;
  min-height: 0;
`;

const Tile = styled.div`
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 24px 28px;
  border: 2px solid ${LINE};
  border-radius: 20px;
  background: #f8fafc;
  overflow: hidden;
  min-height: 0;
`;

const TileHead = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 24px;
`;

const MethodTitle = styled.div`
  font-size: 27px;
  font-weight: 700;
  line-height: 1.2;
  max-height: 65px; /* two lines */
  overflow: hidden;
`;

const Status = styled.div<{ $tone: TBadgeTone }>`
  flex: none;
  padding: 8px 18px;
  border-radius: 999px;
  font-size: 20px;
  font-weight: 600;
  background: ${({ $tone }) => TONES[$tone].bg};
  color: ${({ $tone }) => TONES[$tone].fg};
`;

const ProgressLine = styled.div`
  display: flex;
  align-items: center;
  gap: 20px;
  font-size: 22px;
  font-weight: 600;
`;

const Track = styled.div`
  flex: 1;
  height: 14px;
  border-radius: 999px;
  background: ${LINE};
  overflow: hidden;
`;

const Fill = styled.div<{ $tone: TBadgeTone; $value: number }>`
  width: ${({ $value }) => Math.max(0, Math.min(100, $value))}%;
  height: 100%;
  border-radius: 999px;
  background: ${({ $tone }) => TONES[$tone].bar};
`;

const Facts = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 20px;
`;

const Fact = styled.div`
  min-width: 0;
`;

const FactLabel = styled.div`
  font-size: 15px;
  font-weight: 600;
  letter-spacing: 1px;
  text-transform: uppercase;
  color: ${MUTED};
`;

const FactValue = styled.div`
  margin-top: 4px;
  font-size: 21px;
  line-height: 1.3;
  max-height: 55px; /* two lines */
  overflow: hidden;
`;

/** Takes what the tile has left, so a long update is cut inside the tile's padding, never at its edge. */
const UpdateBlock = styled.div`
  flex: 1 1 0;
  min-height: 0;
  overflow: hidden;
`;

const Update = styled.div`
  margin-top: 6px;
  font-size: 20px;
  line-height: 1.4;
  color: ${INK};
  max-height: 56px; /* two lines */
  overflow: hidden;
  padding-left: 16px;
  border-left: 4px solid ${ACCENT};
`;

const Foot = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 18px;
  color: ${MUTED};
`;

function MethodTile({ method, now }: { method: TMethodListItem; now: Date }) {
  const tone = workStatusTone(method.status);
  const quarter = quarterLabel(fiscalQuarterOf(now));
  return (
    <Tile>
      <TileHead>
        <MethodTitle>{method.description}</MethodTitle>
        <Status $tone={tone}>{workStatusLabel(method.status)}</Status>
      </TileHead>
      <ProgressLine>
        <Track>
          <Fill $tone={tone} $value={method.progress} />
        </Track>
        <span>{Math.round(method.progress)}%</span>
      </ProgressLine>
      <Facts>
        <Fact>
          <FactLabel>Measure</FactLabel>
          <FactValue>{method.measure || '—'}</FactValue>
        </Fact>
        <Fact>
          <FactLabel>{quarter} Measure</FactLabel>
          <FactValue>{currentQuarterMeasure(method, now) || '—'}</FactValue>
        </Fact>
        <Fact>
          <FactLabel>Current</FactLabel>
          <FactValue>{method.currentMeasure || 'Not reported'}</FactValue>
        </Fact>
      </Facts>
      <UpdateBlock>
        <FactLabel>
          Latest update
          {method.update && method.updateAuthor ? (
            <>
              {' · '}
              <UserText>{method.updateAuthor.name}</UserText>
            </>
          ) : null}
        </FactLabel>
        <Update>{method.update || 'No updates yet'}</Update>
      </UpdateBlock>
    </Tile>
  );
}

export interface SlideDeckProps {
  v2mom: TV2momComplete;
  slides: TMethodListItem[][];
  now: Date;
}

export function SlideDeck({ v2mom, slides, now }: SlideDeckProps) {
  return (
    <>
      {slides.map((methods, index) => (
        <Slide key={index} data-slide={index + 1}>
          <AccentBar />
          <Head>
            <div>
              <Eyebrow>V2MOM status · {quarterLabel(v2mom.quarter)} {v2mom.year}</Eyebrow>
              <Title>{v2mom.title}</Title>
              <Sub>
                <PersonName person={v2mom.user} /> · <UserText>{v2mom.user.department}</UserText>
              </Sub>
            </div>
            <Overall>
              <OverallValue>{Math.round(v2mom.overallProgress)}%</OverallValue>
              <OverallLabel>overall progress</OverallLabel>
            </Overall>
          </Head>
          <Grid>
            {methods.map((method) => (
              <MethodTile key={method.id} method={method} now={now} />
            ))}
          </Grid>
          <Foot>
            <span>COO-tracked methods · {formatDate(now.toISOString())}</span>
            <span>
              Slide {index + 1} of {slides.length}
            </span>
          </Foot>
        </Slide>
      ))}
    </>
  );
}
