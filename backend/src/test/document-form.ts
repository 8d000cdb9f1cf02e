import type { TV2momComplete } from '@v2mom/contracts';

/**
 * A V2MOM as the form sends it back to `PUT /api/v2moms/{id}/complete`: every saved child with its
 * id and version, and links by position in the lists sent alongside.
 */
export function asForm(document: TV2momComplete) {
  const valuePosition = new Map(document.values.map((value, index) => [value.id, index]));
  const methodPosition = new Map(document.methods.map((method, index) => [method.id, index]));
  return {
    version: document.version,
    title: document.title,
    year: document.year,
    quarter: document.quarter,
    vision: document.vision,
    values: document.values.map(({ id, version, description }) => ({ id, version, description })),
    methods: document.methods.map(({ id, version, description, progress, status, linkedValues }) => ({
      id,
      version,
      description,
      progress,
      status,
      linkedValuePositions: linkedValues.map((valueId) => valuePosition.get(valueId) ?? -1),
    })),
    obstacles: document.obstacles.map(({ id, version, description, linkedMethodIds }) => ({
      id,
      version,
      description,
      linkedMethodPositions: linkedMethodIds.map((methodId) => methodPosition.get(methodId) ?? -1),
    })),
  };
}
