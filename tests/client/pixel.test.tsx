// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Box, Button, Chip, Toggle } from '../../src/client/pixel';
import { buttonCorner, chipCorner, UI_TILES } from '../../src/client/pixel/tiles';

afterEach(cleanup);

describe('Button', () => {
  it('follows the mouse: enter hover, leave default, down active, up hover', () => {
    render(<Button>BET</Button>);
    const button = screen.getByRole('button', { name: 'BET' });
    const look = () => button.dataset.state;
    expect(look()).toBe('default');
    fireEvent.pointerEnter(button);
    expect(look()).toBe('hover');
    fireEvent.pointerDown(button);
    expect(look()).toBe('active');
    fireEvent.pointerUp(button);
    expect(look()).toBe('hover');
    fireEvent.pointerLeave(button);
    expect(look()).toBe('default');
  });

  it('shows hover on keyboard focus and active while Space or Enter is held', () => {
    render(<Button color="green">CLAIM</Button>);
    const button = screen.getByRole('button');
    act(() => button.focus());
    expect(button.dataset.state).toBe('hover');
    fireEvent.keyDown(button, { key: ' ' });
    expect(button.dataset.state).toBe('active');
    fireEvent.keyUp(button, { key: ' ' });
    expect(button.dataset.state).toBe('hover');
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(button.dataset.state).toBe('active');
    fireEvent.keyUp(button, { key: 'Enter' });
    fireEvent.keyDown(button, { key: 'a' });
    expect(button.dataset.state).toBe('hover');
    act(() => button.blur());
    expect(button.dataset.state).toBe('default');
  });

  it('draws the tile sheet of its colour and look, with the corner of docs/spec.md §9', () => {
    render(<Button color="orange">Fairness</Button>);
    const button = screen.getByRole('button');
    expect(button.style.getPropertyValue('--px-image')).toContain('/ui/button-orange-default.png');
    expect(button.style.getPropertyValue('--px-corner')).toBe('21px 9px');
    fireEvent.pointerDown(button);
    expect(button.style.getPropertyValue('--px-image')).toContain('/ui/button-orange-active.png');
  });

  it('is purple-rounded by default and still calls the handlers it is given', () => {
    const onPointerDown = vi.fn();
    const onClick = vi.fn();
    render(
      <Button onPointerDown={onPointerDown} onClick={onClick}>
        +50
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button.className).toContain('px-button-purple-rounded');
    expect(button.style.getPropertyValue('--px-corner')).toBe('9px 9px');
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(onPointerDown).toHaveBeenCalledOnce();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while loading shows dots, is busy and cannot be pressed, yet keeps keyboard focus', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        BET
      </Button>,
    );
    const button = screen.getByRole('button');
    button.focus();
    expect(button).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.px-dots')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>BET</Button>);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.querySelector('.px-dots')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('looks default while disabled whatever the pointer does', () => {
    render(<Button disabled>WAITING</Button>);
    const button = screen.getByRole('button');
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    expect(button.dataset.state).toBe('default');
  });

  it('forwards its ref to the button element, so a frame loop can write into it', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>CLAIM</Button>);
    expect(ref.current).toBe(screen.getByRole('button'));
  });
});

describe('Chip', () => {
  it('is a span by default, gray', () => {
    render(<Chip>1.52x</Chip>);
    const chip = screen.getByText('1.52x');
    expect(chip.tagName).toBe('SPAN');
    expect(chip.className).toContain('px-chip-gray');
    expect(chip.style.getPropertyValue('--px-image')).toContain('/ui/chip-gray.png');
  });

  it('is a button when it has a click handler', () => {
    const onClick = vi.fn();
    render(
      <Chip color="yellow" onClick={onClick}>
        12.40x
      </Chip>,
    );
    const chip = screen.getByRole('button', { name: '12.40x' });
    fireEvent.click(chip);
    expect(onClick).toHaveBeenCalledOnce();
    expect(chip.getAttribute('type')).toBe('button');
  });
});

describe('Toggle', () => {
  function Controlled({ disabled = false }: { disabled?: boolean }) {
    const [on, setOn] = useState(false);
    return <Toggle checked={on} onChange={setOn} label="Auto bet" disabled={disabled} />;
  }

  it('is a switch named by its label that flips on click and reports the new value', () => {
    render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Auto bet' });
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', true);
    fireEvent.click(screen.getByText('Auto bet'));
    expect(toggle).toHaveProperty('checked', false);
  });

  it('does not flip while disabled', () => {
    render(<Controlled disabled />);
    const toggle = screen.getByRole('switch');
    fireEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', false);
  });
});

describe('Box and the tile list', () => {
  it('frames a box with the 15px block corner', () => {
    render(<Box tone="dark">inside</Box>);
    const box = screen.getByText('inside');
    expect(box.style.getPropertyValue('--px-image')).toContain('/ui/box-dark.png');
    expect(box.style.getPropertyValue('--px-corner')).toBe('15px 15px');
  });

  it('gives every sheet the corners of docs/spec.md §9 and sizes in whole art pixels', () => {
    expect(buttonCorner('purple-rounded')).toEqual({ x: 9, y: 9 });
    expect(buttonCorner('red')).toEqual({ x: 9, y: 21 });
    expect(chipCorner('green-solid')).toEqual({ x: 6, y: 6 });
    expect(chipCorner('purple-solid')).toEqual({ x: 8, y: 10 });
    expect(chipCorner('green')).toEqual({ x: 9, y: 9 });
    for (const tile of UI_TILES) {
      expect(tile.width % tile.pixel, tile.name).toBe(0);
      expect(tile.height % tile.pixel, tile.name).toBe(0);
      if (tile.corner) expect(tile.corner.x * 2 < tile.width && tile.corner.y * 2 < tile.height, tile.name).toBe(true);
    }
  });
});
