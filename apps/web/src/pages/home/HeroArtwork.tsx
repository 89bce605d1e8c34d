/** Decorative background of the home hero: a network of linked institutions over a globe grid. */
export function HeroArtwork() {
  const nodes: ReadonlyArray<[number, number, number]> = [
    [700, 64, 4],
    [792, 40, 5],
    [905, 78, 4],
    [940, 190, 5],
    [905, 330, 4],
    [800, 380, 5],
    [690, 360, 4],
    [640, 250, 3],
  ];
  const links: ReadonlyArray<[number, number]> = [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 6],
    [6, 7],
    [7, 0],
    [1, 5],
    [2, 6],
  ];
  return (
    <svg
      className="home-hero__art"
      viewBox="0 0 960 420"
      preserveAspectRatio="xMaxYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <g fill="none" stroke="rgba(255,255,255,0.09)" strokeWidth="1.2">
        <circle cx="690" cy="210" r="190" />
        <ellipse cx="690" cy="210" rx="95" ry="190" />
        <ellipse cx="690" cy="210" rx="160" ry="190" />
        <path d="M500 210h380M520 120h340M520 300h340" />
      </g>
      <g stroke="rgba(224,185,91,0.45)" strokeWidth="1.4">
        {links.map(([from, to]) => {
          const a = nodes[from];
          const b = nodes[to];
          if (!a || !b) return null;
          return <line key={`${from}-${to}`} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} />;
        })}
      </g>
      <g fill="#e0b95b">
        {nodes.map(([x, y, r]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r={r} />
        ))}
      </g>
    </svg>
  );
}
