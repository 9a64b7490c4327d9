import type { PickupPoint } from '../../../lib/types';
import type { ChosenPickupPoint } from '../../../state/checkout';

/** The points whose name, address, city or postcode contain every word of the query. */
export function filterPickupPoints(points: PickupPoint[], query: string): PickupPoint[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return points;
  return points.filter((p) => {
    const text = `${p.name} ${p.address} ${p.city} ${p.postcode}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** A point as the shopper reads it: its name, address and city. */
export const pickupLabel = (p: Pick<PickupPoint, 'name' | 'address' | 'city'>) =>
  `${p.name}, ${p.address}, ${p.city}`;

/** The point as the checkout keeps it (with the store's opening hours, shown again at review). */
export const chosenPointOf = (p: PickupPoint): ChosenPickupPoint => ({
  id: p.id,
  name: p.name,
  address: p.address,
  city: p.city,
  openingHours: p.opening_hours ?? null,
});
