import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula } from './csv.ts';

describe('neutraliseFormula: every formula start of every locale gets an apostrophe', () => {
  it.each([
    // [written, neutralised]
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    // A `;` ends a cell in a `;`-separated locale: what follows it is guarded too.
    [';=1+1', ";'=1+1"],
    ['a;=1+1', "a;'=1+1"],
    ['a;@SUM(A1);b', "a;'@SUM(A1);b"],
    ['=a;+b', "'=a;'+b"],
    ['a;;-1', "a;;'-1"],
    ['a;b', 'a;b'],
    [';', ';'],
    // Ordinary text is left as it is.
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ['|x', '|x'],
    ['', ''],
  ])('%j → %j', (written, neutralised) => {
    expect(neutraliseFormula(written)).toBe(neutralised);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [';=1+1', `";'=1+1"`],
    ['a;b', '"a;b"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['＝1', "'＝1"],
    [-5, '-5'],
    [null, ''],
    [undefined, ''],
  ] as const)('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
