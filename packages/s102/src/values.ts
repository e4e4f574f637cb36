// Reads the Group_001/values dataset once, straight from h5wasm's memory (h5wasm's own compound
// decoding builds one JS array per cell, far too slow for millions of cells), and splits it
// into depth and uncertainty Float32Arrays with the fill value turned into NaN.
import type { Dataset } from 'h5wasm/node';
import { S102Error } from './errors.js';
import { h5Module } from './h5-file.js';

const H5T_INTEGER = 0;
const H5T_FLOAT = 1;
const H5T_COMPOUND = 6;

export interface ValueGrids {
  depth: Float32Array;
  uncertainty: Float32Array | null;
}

interface Field {
  offset: number;
  size: number;
  type: number;
  signed: boolean;
  littleEndian: boolean;
}

export async function readValueGrids(values: Dataset, fillDepth: number, fillUncertainty: number): Promise<ValueGrids> {
  const meta = values.metadata;
  const count = meta.total_size;
  let depthField: Field | null = null;
  let uncertaintyField: Field | null = null;
  if (meta.type === H5T_COMPOUND && meta.compound_type) {
    for (const m of meta.compound_type.members) {
      const field = { offset: m.offset, size: m.size, type: m.type, signed: m.signed, littleEndian: m.littleEndian };
      if (m.name.toLowerCase() === 'depth') depthField = field;
      if (m.name.toLowerCase() === 'uncertainty') uncertaintyField = field;
    }
  } else if (meta.type === H5T_FLOAT || meta.type === H5T_INTEGER) {
    depthField = { offset: 0, size: meta.size, type: meta.type, signed: meta.signed, littleEndian: meta.littleEndian };
  }
  if (!depthField) {
    throw new S102Error('invalid_structure', `${values.path} has no 'depth' field`);
  }

  const module = await h5Module();
  const nbytes = meta.size * count;
  if (nbytes > module.MAXIMUM_MEMORY) {
    throw new S102Error('unsupported', `${values.path} is too large to read (${nbytes} bytes)`);
  }
  const ptr = module._malloc(nbytes);
  if (ptr === 0) throw new S102Error('unsupported', `cannot allocate ${nbytes} bytes to read ${values.path}`);
  try {
    module.get_dataset_data(values.file_id, values.path, null, null, null, BigInt(ptr));
    // Read HEAPU8 only after the call: the heap may have grown (and moved) during it.
    const view = new DataView(module.HEAPU8.buffer, ptr, nbytes);
    return {
      depth: extract(view, count, meta.size, depthField, fillDepth),
      uncertainty: uncertaintyField ? extract(view, count, meta.size, uncertaintyField, fillUncertainty) : null,
    };
  } finally {
    module._free(ptr);
  }
}

function extract(view: DataView, count: number, stride: number, f: Field, fill: number): Float32Array {
  const out = new Float32Array(count);
  const fill32 = Math.fround(fill);
  // h5wasm reads numeric data in little-endian memory order whatever the file order.
  const le = true;
  const get = reader(view, f, le);
  for (let i = 0, p = f.offset; i < count; i++, p += stride) {
    const v = get(p);
    out[i] = v === fill || Math.fround(v) === fill32 || Number.isNaN(v) ? NaN : v;
  }
  return out;
}

function reader(view: DataView, f: Field, le: boolean): (p: number) => number {
  if (f.type === H5T_FLOAT) {
    if (f.size === 4) return (p) => view.getFloat32(p, le);
    if (f.size === 8) return (p) => view.getFloat64(p, le);
  } else if (f.type === H5T_INTEGER) {
    if (f.size === 1) return f.signed ? (p) => view.getInt8(p) : (p) => view.getUint8(p);
    if (f.size === 2) return f.signed ? (p) => view.getInt16(p, le) : (p) => view.getUint16(p, le);
    if (f.size === 4) return f.signed ? (p) => view.getInt32(p, le) : (p) => view.getUint32(p, le);
  }
  throw new S102Error('unsupported', `values field of HDF5 type class ${f.type}, size ${f.size} is not supported`);
}
