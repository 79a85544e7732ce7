/**
 * Shipment statuses the product shows. `id` is the status id (lastPI) the claim rules of spec 1 §4.4 read;
 * `progress` drives the tracking truck bar (0–100).
 */
export interface ShipmentStatus {
  id: number;
  name: string;
  progress: number;
}

export const SHIPMENT_STATUSES: readonly ShipmentStatus[] = [
  { id: 1, name: 'Shipment information received', progress: 5 },
  { id: 3, name: 'Received at origin warehouse', progress: 15 },
  { id: 4, name: 'Unidentified package at origin', progress: 15 },
  { id: 5, name: 'In Account', progress: 20 },
  { id: 6, name: 'need e-invoice', progress: 25 },
  { id: 13, name: 'Departed origin', progress: 40 },
  { id: 14, name: 'In transit', progress: 55 },
  { id: 15, name: 'Arrived at destination', progress: 70 },
  { id: 18, name: 'Held at customs', progress: 75 },
  { id: 20, name: 'Out for delivery', progress: 90 },
  { id: 22, name: 'Delivered', progress: 100 },
  { id: 28, name: 'Claimed by customer', progress: 20 },
  { id: 29, name: 'Returned to sender', progress: 100 },
];

export function statusById(id: number): ShipmentStatus | undefined {
  return SHIPMENT_STATUSES.find((s) => s.id === id);
}
