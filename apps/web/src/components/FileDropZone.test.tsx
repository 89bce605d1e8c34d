import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './FileDropZone.tsx';

afterEach(() => vi.restoreAllMocks());

const pdf = () => new File(['%PDF-1.7'], 'contract.pdf', { type: 'application/pdf' });

function zone(props: { disabled?: boolean } = {}) {
  const onFile = vi.fn();
  render(
    <FileDropZone accept=".pdf" onFile={onFile} disabled={props.disabled}>
      <p>Drop a PDF here, or click to choose it</p>
    </FileDropZone>,
  );
  const button = screen.getByRole('button', { name: 'Drop a PDF here, or click to choose it' });
  const input = button.querySelector('input[type="file"]') as HTMLInputElement;
  return { onFile, button, input };
}

describe('a place to drop or choose a file', () => {
  it('opens the file chooser on a click, Enter or Space, once each', () => {
    const { button, input } = zone();
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.keyDown(button, { key: ' ' });
    fireEvent.keyDown(button, { key: 'a' });
    expect(opened).toHaveBeenCalledTimes(3);
    expect(input.accept).toBe('.pdf');
  });

  it('hands over a chosen file and empties the input, so the same file can be chosen again', () => {
    const { onFile, input } = zone();
    const file = pdf();
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    expect(input.value).toBe('');
  });

  it('hands over the first dropped file and marks the zone while a file is over it', () => {
    const { onFile, button } = zone();
    const file = pdf();
    fireEvent.dragOver(button, { dataTransfer: { files: [file] } });
    expect(button.className).toContain('is-over');
    fireEvent.drop(button, { dataTransfer: { files: [file, pdf()] } });
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(button.className).not.toContain('is-over');
  });

  it('does nothing while disabled: no chooser, no drop, out of the tab order', () => {
    const { onFile, button, input } = zone({ disabled: true });
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.drop(button, { dataTransfer: { files: [pdf()] } });
    expect(opened).not.toHaveBeenCalled();
    expect(onFile).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.tabIndex).toBe(-1);
  });
});
