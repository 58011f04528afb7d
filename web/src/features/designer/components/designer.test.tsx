import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CUSTOMISATION,
  type Design,
  PERSONALISATION_EMPTY_MESSAGE,
  type ProductCustomisation,
} from '#contract';
import { type RosterEntry, sizeNotOfferedMessage } from '#contract/names-and-numbers';
import { makeProduct } from '#web/testing/data.ts';
import { apiOk } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { DESIGNER_MESSAGES } from '../utils/designer-messages.ts';
import { GUARD_MESSAGES } from '../utils/guard-rails.ts';
import { newImageLayer } from '../utils/new-layers.ts';
import { PHONE_QUERY } from '../utils/use-input-kind.ts';
import { Designer } from './designer.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const customisation: ProductCustomisation = {
  ...DEFAULT_CUSTOMISATION,
  customisable: true,
  decorationPrice: { front: 150, back: 120 },
};
const product = makeProduct({ price: 499, sizes: { M: 3, L: 0 }, customisation });

function renderDesigner(onAddToCart = vi.fn(async (_design: Design, _size: string) => true)) {
  const view = renderWithRouter(
    <Designer product={product} customisation={customisation} onAddToCart={onAddToCart} />,
  );
  return { ...view, onAddToCart };
}

const price = () => screen.getByTestId('designer-price');
/** The selected layer's art and its selection box, each in a layer of its own that a gesture moves. */
const art = () => screen.getByTestId('selected-art');
const selection = () => screen.getByTestId('selection');
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('Designer', () => {
  it('adds text, prices each printed side live, and undoes and redoes by button and key', async () => {
    const { user } = renderDesigner();
    expect(price()).toHaveTextContent('₹499');
    expect(screen.getByText(DESIGNER_MESSAGES.previewNote, { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const text = screen.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveFocus();
    await user.clear(text);
    await user.type(text, 'Hello');
    expect(screen.getByRole('button', { name: 'Text: Hello' })).toBeInTheDocument();
    expect(price()).toHaveTextContent('₹649');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Back' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    expect(price()).toHaveTextContent('₹769');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(price()).toHaveTextContent('₹649');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(price()).toHaveTextContent('₹769');
    await user.keyboard('{Meta>}z{/Meta}');
    expect(price()).toHaveTextContent('₹649');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(price()).toHaveTextContent('₹769');
  });

  it('keeps undoing by key after a redo empties the redo list (the Redo button the focus was on is spent)', async () => {
    const { user } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('speaks of keys with a mouse and keyboard, of fingers on a touch screen or once a finger touched', async () => {
    const { unmount } = renderDesigner();
    expect(
      screen.getByText(DESIGNER_MESSAGES.canvasHint.keys, { exact: false }),
    ).toBeInTheDocument();
    fireEvent.pointerDown(window, { pointerType: 'touch' });
    expect(
      await screen.findByText(DESIGNER_MESSAGES.canvasHint.touch, { exact: false }),
    ).toBeInTheDocument();
    unmount();

    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)' || query === PHONE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderDesigner();
    // On a phone the hint opens the tools' sheet, under the canvas that stays on top.
    expect(
      within(screen.getByRole('region', { name: 'Design tools' })).getByText(
        DESIGNER_MESSAGES.canvasHint.touch,
        { exact: false },
      ),
    ).toBeInTheDocument();
  });

  it('moves the selected layer with the arrow keys and flags it once it leaves the print area', async () => {
    const { user, onAddToCart } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const layer = screen.getByRole('button', { name: 'Text: Your text' });
    await user.click(layer);
    await user.click(layer);
    expect(layer).toHaveAttribute('aria-pressed', 'true');
    // From the middle (150 mm) ten big steps left take the text past the left edge.
    for (let step = 0; step < 12; step += 1) await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(within(layer).getByText(GUARD_MESSAGES.outsideLayer)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(GUARD_MESSAGES.outside('front'));

    await user.click(screen.getByRole('button', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Centre on print area' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledTimes(1);
    const [design, size] = onAddToCart.mock.calls[0] ?? [];
    expect(size).toBe('M');
    expect(design?.front).toMatchObject([{ type: 'text', text: 'Your text', xMm: 150 }]);
  });

  it("moves a pinched layer and its box by their own layers' CSS transform while the fingers move, and commits it as one undo step when they lift", async () => {
    const { user } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const size = screen.getByRole('slider', { name: 'Size' });
    expect(size).toHaveValue('30');
    // With no layout the canvas counts one CSS pixel a millimetre from the mock-up's corner.
    const area = customisation.printAreas.front;
    const centre = { x: area.xMm + area.widthMm / 2, y: area.yMm + area.heightMm / 2 };
    const overlay = screen.getByTestId('design-overlay');
    const finger = (pointerId: number, dx: number) => ({
      pointerId,
      pointerType: 'touch',
      clientX: centre.x + dx,
      clientY: centre.y,
    });

    fireEvent.pointerDown(overlay, finger(1, -20));
    fireEvent.pointerDown(overlay, finger(2, 20));
    fireEvent.pointerMove(overlay, finger(2, 40));
    await nextFrame();
    await nextFrame();
    // Spread from 40 to 60 mm apart: half as big again about its centre, carried 10 mm right with the fingers' midpoint.
    const moved = `translate(${(10 / area.widthMm) * 100}%, 0%) rotate(0deg) scale(1.5)`;
    expect(art().style.transform).toBe(moved);
    expect(selection().style.transform).toBe(moved);
    expect(art().style.transformOrigin).toBe('50% 50%');
    expect(size).toHaveValue('30');

    fireEvent.pointerUp(overlay, finger(2, 40));
    fireEvent.pointerUp(overlay, finger(1, -20));
    await waitFor(() => expect(size).toHaveValue('45'));
    expect(art().style.transform).toBe('');
    expect(selection().style.transform).toBe('');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('slider', { name: 'Size' })).toHaveValue('30');
  });

  it("moves a dragged layer by its own layer's transform, flags it and shows the centre line it snaps to, and commits it as one undo step when it lifts", async () => {
    const { user } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const rotation = screen.getByRole('slider', { name: 'Rotation' });
    const area = customisation.printAreas.front;
    const centre = { x: area.xMm + area.widthMm / 2, y: area.yMm + area.heightMm / 2 };
    const overlay = screen.getByTestId('design-overlay');
    const preview = screen.getByTestId('design-preview');
    const listed = () => screen.getByRole('button', { name: /^Text: Your text/ });
    const finger = (dx: number) => ({
      pointerId: 1,
      pointerType: 'touch',
      clientX: centre.x + dx,
      clientY: centre.y,
    });
    expect(selection()).toHaveAttribute('data-outside', 'false');

    // Dragged 200 mm left, out of the print area: the canvas moves and flags it, the tools wait for the lift.
    fireEvent.pointerDown(overlay, finger(0));
    fireEvent.pointerMove(overlay, finger(-100));
    fireEvent.pointerMove(overlay, finger(-200));
    await nextFrame();
    await nextFrame();
    expect(art().style.transform).toBe(
      `translate(${(-200 / area.widthMm) * 100}%, 0%) rotate(0deg) scale(1)`,
    );
    expect(selection()).toHaveAttribute('data-outside', 'true');
    expect(screen.getByTestId('snap-line-y').style.visibility).toBe('visible');
    expect(screen.getByTestId('snap-line-x').style.visibility).toBe('');
    expect(within(listed()).queryByText(GUARD_MESSAGES.outsideLayer)).not.toBeInTheDocument();
    expect(rotation).toHaveValue('0');

    fireEvent.pointerUp(overlay, finger(-200));
    await waitFor(() =>
      expect(within(listed()).getByText(GUARD_MESSAGES.outsideLayer)).toBeInTheDocument(),
    );
    expect(art().style.transform).toBe('');
    expect(screen.getByTestId('snap-line-y').style.visibility).toBe('');
    expect(preview.querySelector('g[transform^="translate(-50 "]')).not.toBeNull();
    expect(selection()).toHaveAttribute('data-outside', 'true');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      preview.querySelector(`g[transform^="translate(${centre.x - area.xMm} "]`),
    ).not.toBeNull();
    expect(within(listed()).queryByText(GUARD_MESSAGES.outsideLayer)).not.toBeInTheDocument();
    expect(selection()).toHaveAttribute('data-outside', 'false');
  });

  it('holds a lifted layer by its transform until the lift’s render lands; a press before then settles it as one undo step (decision 075)', async () => {
    const { user } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const area = customisation.printAreas.front;
    const centre = { x: area.xMm + area.widthMm / 2, y: area.yMm + area.heightMm / 2 };
    const overlay = screen.getByTestId('design-overlay');
    const preview = screen.getByTestId('design-preview');
    const drawnAt = (xMm: number) => preview.querySelector(`g[transform^="translate(${xMm} "]`);
    const finger = (dx: number) => ({
      pointerId: 1,
      pointerType: 'touch',
      clientX: centre.x + dx,
      clientY: centre.y,
    });
    fireEvent.pointerDown(overlay, finger(0));
    fireEvent.pointerMove(overlay, finger(-60));
    await nextFrame();
    const held = art().style.transform;
    expect(held).not.toBe('');

    // As a browser runs it, outside act: the lift's render is a transition still on its way.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
    overlay.dispatchEvent(createEvent.pointerUp(overlay, finger(-60)));
    expect(art().style.transform).toBe(held);
    expect(drawnAt(area.widthMm / 2)).not.toBeNull();
    // A tap on the layer where it was left, before the render lands: the result goes in now.
    overlay.dispatchEvent(createEvent.pointerDown(overlay, finger(-60)));
    overlay.dispatchEvent(createEvent.pointerUp(overlay, finger(-60)));
    await waitFor(() => expect(drawnAt(area.widthMm / 2 - 60)).not.toBeNull());
    expect(art().style.transform).toBe('');
    vi.unstubAllGlobals();

    // Sent twice, taken once: one undo puts the layer back.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(drawnAt(area.widthMm / 2)).not.toBeNull();
  });

  it("turns a layer by its handle with its own layer's transform until the mouse lifts, then as one undo step", async () => {
    const { user } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const rotation = screen.getByRole('slider', { name: 'Rotation' });
    const area = customisation.printAreas.front;
    const centre = { x: area.xMm + area.widthMm / 2, y: area.yMm + area.heightMm / 2 };
    const overlay = screen.getByTestId('design-overlay');
    const mouse = (dx: number, dy: number) => ({
      pointerId: 1,
      pointerType: 'mouse',
      clientX: centre.x + dx,
      clientY: centre.y + dy,
    });

    fireEvent.pointerDown(screen.getByTestId('rotate-handle'), mouse(0, -60));
    // Pointing to the right of the centre turns the layer's top that way: a quarter turn.
    fireEvent.pointerMove(overlay, mouse(80, 0));
    await nextFrame();
    await nextFrame();
    expect(art().style.transform).toBe('translate(0%, 0%) rotate(90deg) scale(1)');
    expect(rotation).toHaveValue('0');

    fireEvent.pointerUp(overlay, mouse(80, 0));
    await waitFor(() => expect(rotation).toHaveValue('90'));
    expect(
      screen.getByTestId('design-preview').querySelector('g[transform$="rotate(90)"]'),
    ).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('slider', { name: 'Rotation' })).toHaveValue('0');
  });

  it('renders nothing when fingers land or move, only when they lift', async () => {
    const commits = vi.fn();
    const { user } = renderWithRouter(
      <Profiler id="designer" onRender={commits}>
        <Designer product={product} customisation={customisation} onAddToCart={vi.fn()} />
      </Profiler>,
    );
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const area = customisation.printAreas.front;
    const centre = { x: area.xMm + area.widthMm / 2, y: area.yMm + area.heightMm / 2 };
    const overlay = screen.getByTestId('design-overlay');
    const finger = (pointerId: number, dx: number) => ({
      pointerId,
      pointerType: 'touch',
      clientX: centre.x + dx,
      clientY: centre.y,
    });
    // A finger has touched the page before: the hint already speaks of fingers.
    fireEvent.pointerDown(document.body, { pointerType: 'touch' });
    commits.mockClear();

    fireEvent.pointerDown(overlay, finger(1, -20));
    fireEvent.pointerDown(overlay, finger(2, 20));
    for (const dx of [25, 30, 35, 40]) {
      fireEvent.pointerMove(overlay, finger(2, dx));
      await nextFrame();
    }
    expect(commits).not.toHaveBeenCalled();
    fireEvent.pointerUp(overlay, finger(2, 40));
    fireEvent.pointerUp(overlay, finger(1, -20));
    expect(commits).toHaveBeenCalled();
    commits.mockClear();

    fireEvent.pointerDown(overlay, finger(3, 0));
    for (const dx of [-20, -40, -60, -80]) {
      fireEvent.pointerMove(overlay, finger(3, dx));
      await nextFrame();
    }
    expect(commits).not.toHaveBeenCalled();
    fireEvent.pointerUp(overlay, finger(3, -80));
  });

  it('reads where the canvas sits once a gesture, at the press: a move makes the browser lay nothing out', async () => {
    const { user } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const area = customisation.printAreas.front;
    const centre = { x: area.xMm + area.widthMm / 2, y: area.yMm + area.heightMm / 2 };
    const overlay = screen.getByTestId('design-overlay');
    const finger = (pointerId: number, dx: number) => ({
      pointerId,
      pointerType: 'touch',
      clientX: centre.x + dx,
      clientY: centre.y,
    });
    const measured = vi.spyOn(overlay, 'getBoundingClientRect');

    fireEvent.pointerDown(overlay, finger(1, -20));
    fireEvent.pointerDown(overlay, finger(2, 20));
    for (const dx of [25, 30, 35, 40]) {
      fireEvent.pointerMove(overlay, finger(2, dx));
      await nextFrame();
    }
    fireEvent.pointerUp(overlay, finger(2, 40));
    fireEvent.pointerUp(overlay, finger(1, -20));
    expect(measured).toHaveBeenCalledTimes(1);
  });

  it('preselects the first size in stock, or the size brought from the product page (issue 28)', () => {
    const sized = makeProduct({ sizes: { S: 0, M: 3, L: 2 }, customisation });
    const { unmount } = renderWithRouter(
      <Designer product={sized} customisation={customisation} onAddToCart={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'M' })).toHaveAttribute('aria-pressed', 'true');
    unmount();
    renderWithRouter(
      <Designer
        product={sized}
        customisation={customisation}
        initialSize="L"
        onAddToCart={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'L' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'M' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('offers no Add to cart on a style sold out in every size', () => {
    const soldOut = makeProduct({ sizes: { S: 0, M: 0 }, customisation });
    renderWithRouter(
      <Designer product={soldOut} customisation={customisation} onAddToCart={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('says by the canvas that it prints on the blank garment, unless the photos show it (issue 28)', () => {
    const { unmount } = renderDesigner();
    expect(
      screen.getByText(
        'The designer prints on a blank navy tee; the print in the photos is not included.',
      ),
    ).toBeInTheDocument();
    unmount();
    const blank = { ...customisation, blank: true };
    renderWithRouter(
      <Designer
        product={makeProduct({ customisation: blank })}
        customisation={blank}
        onAddToCart={vi.fn()}
      />,
    );
    expect(screen.queryByText(/the print in the photos is not included/)).not.toBeInTheDocument();
  });

  it('refuses to add an empty design, and says why', async () => {
    const { user, onAddToCart } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GUARD_MESSAGES.empty);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('sets bold, alignment, colour and arc with named controls, and deletes by key', async () => {
    const { user } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Left' }));
    expect(screen.getByRole('button', { name: 'Left' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Red' }));
    expect(screen.getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByRole('slider', { name: 'Arc' }), { target: { value: '90' } });
    expect(screen.getByTestId('design-preview').querySelector('textPath')).not.toBeNull();
    expect(screen.getByRole('combobox', { name: 'Font' })).toHaveValue('inter');

    await user.click(screen.getByRole('button', { name: 'Text: Your text' }));
    await user.click(screen.getByRole('button', { name: 'Text: Your text' }));
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: 'Text: Your text' })).not.toBeInTheDocument();
  });

  it('uploads an image to the front and warns when it would print below 150 DPI', async () => {
    // The body is the file itself (mockApi reads JSON bodies only).
    const upload = vi.fn(async (_url: string, _init: RequestInit) =>
      apiOk({
        _id: '00000000-0000-4000-8000-0000000000a1',
        url: '/media/00000000-0000-4000-8000-0000000000a1',
        contentType: 'image/png',
        width: 400,
        height: 300,
      }),
    );
    vi.stubGlobal('fetch', upload);
    const { user } = renderDesigner();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload image'), file);

    const layer = await screen.findByRole('button', { name: /Image 1/ });
    const [url, init] = upload.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/design-images');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    expect(price()).toHaveTextContent('₹649');
    // 400 px start at 67.7 mm (150 DPI): fine; widened to 100 mm they print at 101 DPI.
    expect(screen.queryByText(/would print at/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider', { name: 'Width' }), { target: { value: '100' } });
    expect(screen.getByText(GUARD_MESSAGES.lowDpi(101))).toBeInTheDocument();
    expect(layer).toHaveTextContent('Low resolution');
    await waitFor(() =>
      expect(screen.getByTestId('design-preview').querySelector('image')).toHaveAttribute(
        'href',
        '/media/00000000-0000-4000-8000-0000000000a1',
      ),
    );
  });

  it('starts an image at the largest size that prints at 150 DPI, within 60% of the area', () => {
    const area = customisation.printAreas.front;
    const image = {
      _id: '00000000-0000-4000-8000-0000000000b2',
      url: '/m',
      width: 800,
      height: 600,
    };
    const layer = newImageLayer(image, area);
    // 800 px at 150 DPI is 135.47 mm: rounded down, never up past the warning.
    expect(layer).toMatchObject({ widthMm: 135.4, heightMm: 101.6, xMm: 150, yMm: 200 });
    const huge = newImageLayer({ ...image, width: 8000, height: 6000 }, area);
    expect(huge.widthMm).toBe(180);
  });
});

describe('Designer: names and numbers (issue 29)', () => {
  function renderWithRoster() {
    const onAddRosterToCart = vi.fn(async (_design: Design, _roster: RosterEntry[]) => true);
    const view = renderWithRouter(
      <Designer
        product={product}
        customisation={customisation}
        onAddToCart={vi.fn(async () => true)}
        onAddRosterToCart={onAddRosterToCart}
      />,
    );
    return { ...view, onAddRosterToCart };
  }

  it('letters the back from a pasted roster, names the bad line, shows a row on the preview and adds one piece per row', async () => {
    const { user, onAddRosterToCart } = renderWithRoster();
    await user.click(screen.getByRole('button', { name: 'Add names and numbers' }));
    expect(screen.getByRole('button', { name: 'Back' })).toHaveAttribute('aria-pressed', 'true');
    expect(price()).toHaveTextContent('₹619');
    expect(screen.getByTestId('design-preview')).toHaveTextContent('NAME');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Lettering font' }), 'Inter');
    await user.click(screen.getByRole('button', { name: 'Lettering navy' }));
    await user.click(screen.getByRole('textbox', { name: 'Paste from a spreadsheet' }));
    await user.paste('Size,Name,Number\nM,ASHA,7\nXXL,BIG,1\nl,RAVI,');
    await user.click(screen.getByRole('button', { name: 'Add pasted rows' }));
    expect(screen.getAllByTestId('roster-row')).toHaveLength(2);
    const notAdded = screen.getByRole('alert', { name: 'Pasted lines not added' });
    expect(notAdded).toHaveTextContent(`Line 3: ${sizeNotOfferedMessage('XXL', ['M', 'L'])}`);
    expect(screen.getByRole('textbox', { name: 'Paste from a spreadsheet' })).toHaveValue(
      'XXL,BIG,1',
    );
    expect(screen.getByRole('textbox', { name: 'Name, row 2' })).toHaveValue('RAVI');
    expect(screen.getByRole('combobox', { name: 'Size, row 2' })).toHaveValue('L');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Show on the preview' }),
      'Row 2: L RAVI ',
    );
    expect(screen.getByTestId('design-preview')).toHaveTextContent('RAVI');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByRole('textbox', { name: 'Number, row 3' }), '99');
    expect(screen.getByTestId('design-preview')).toHaveTextContent('99');
    await user.click(screen.getByRole('button', { name: 'Remove row 3' }));

    await user.click(screen.getByRole('button', { name: 'Add 2 pieces to cart' }));
    expect(onAddRosterToCart).toHaveBeenCalledWith(
      { front: [], back: [], namesAndNumbers: { fontId: 'inter', colorId: 'navy' } },
      [
        { size: 'M', name: 'ASHA', number: 7 },
        { size: 'L', name: 'RAVI', number: null },
      ],
    );
  }, 20_000);

  it('refuses to add a roster with a bad row, naming it', async () => {
    const { user, onAddRosterToCart } = renderWithRoster();
    await user.click(screen.getByRole('button', { name: 'Add names and numbers' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getByRole('status', { name: 'Roster problems' })).toHaveTextContent(
      `Row 1: ${PERSONALISATION_EMPTY_MESSAGE}`,
    );
    await user.click(screen.getByRole('button', { name: 'Add 1 piece to cart' }));
    expect(onAddRosterToCart).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove names and numbers' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
