import styled from 'styled-components';

/** A windowed list's full height, holding only the lines near the viewport (@tanstack/react-virtual). */
export const VirtualWindow = styled.div`
  position: relative;
  width: 100%;
`;

/** One line of a windowed list, moved to its place with `transform: translateY(start)`. */
export const VirtualLine = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
`;
