/** The palette text layers are printed in (D27). */
export const DESIGN_PALETTE = [
  { id: 'black', label: 'Black', hex: '#111111' },
  { id: 'white', label: 'White', hex: '#ffffff' },
  { id: 'grey', label: 'Grey', hex: '#8a8a8a' },
  { id: 'red', label: 'Red', hex: '#d62828' },
  { id: 'orange', label: 'Orange', hex: '#f77f00' },
  { id: 'yellow', label: 'Yellow', hex: '#fcbf49' },
  { id: 'green', label: 'Green', hex: '#2a9d46' },
  { id: 'teal', label: 'Teal', hex: '#138a8a' },
  { id: 'blue', label: 'Blue', hex: '#1d4ed8' },
  { id: 'navy', label: 'Navy', hex: '#1b2a4a' },
  { id: 'purple', label: 'Purple', hex: '#7b2cbf' },
  { id: 'pink', label: 'Pink', hex: '#ef5da8' },
] as const;
export type DesignColorId = (typeof DESIGN_PALETTE)[number]['id'];

export function designColorHex(id: string): string {
  return (DESIGN_PALETTE.find((color) => color.id === id) ?? DESIGN_PALETTE[0]).hex;
}
