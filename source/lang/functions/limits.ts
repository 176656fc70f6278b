import {FunctionError} from '../function.js';
import type {Value} from '../values.js';

/*
Caps on what one function call may build, checked before building, so hostile input (`setproduct` of many ranges, `join` or `replace` multiplying a long string, a YAML alias bomb, a gzip bomb) fails with an error naming the limit instead of exhausting memory or time.
*/

/**
The most elements a function may put in one collection: 1,048,576 = 1024², so `setproduct(range(1024), range(1024))`, the largest product of two of Terraform's own `range` results (which stops at 1,024 values), still works. Such a list of pairs takes about 250 MB; a bigger one would risk the heap.
*/
export const maximumCollectionElements = 1024 * 1024;

/**
The longest string (in UTF-16 code units) a function may build: 64 Mi, four times the biggest file `file` reads (16 MiB, whose `filebase64` is 22 Mi characters) and well under V8's own string limit (2^29 - 24), which would otherwise end the process with a RangeError.
*/
export const maximumStringLength = 64 * 1024 * 1024;

/**
Throws "Error in function call" when a collection of `count` elements would pass `maximumCollectionElements`.
*/
export function checkElementCount(count: number): void {
	if (count > maximumCollectionElements) {
		throw new FunctionError(`the result would have ${count > Number.MAX_SAFE_INTEGER ? 'more than 2^53' : count} elements, more than tfscope's limit of ${maximumCollectionElements} (maximumCollectionElements)`);
	}
}

/**
Throws "Error in function call" when a string of `length` code units would pass `maximumStringLength`.
*/
export function checkStringLength(length: number, encodedBound = false): void {
	if (length > maximumStringLength) {
		throw new FunctionError(`the result would be ${length > Number.MAX_SAFE_INTEGER ? 'more than 2^53' : (encodedBound ? `at least ${length}` : length)} characters long, more than tfscope's limit of ${maximumStringLength} (maximumStringLength)`);
	}
}

/**
Throws "Error in function call" when any text encoding of `value` (JSON, YAML, HCL) would pass `maximumStringLength`, before encoding it: the count is a lower bound (each string's characters and quotes, each number's digits, a separator per element), so `jsonencode` of 1,024 references to one 10 MB string (10 GB of text) is refused after a walk of 1,024 elements instead of building gigabytes. The walk stops as soon as the bound passes the limit.
*/
export function checkEncodedLength(value: Value): void {
	let length = 0;
	const pending: Value[] = [value];
	while (pending.length > 0 && length <= maximumStringLength) {
		const item = pending.pop()!;
		switch (item.kind) {
			case 'string': {
				length += item.value.length + 2;
				break;
			}

			case 'number': {
				length += item.value.isFinite() ? Math.max(1, Math.abs(item.value.e) + 1) : 4;
				break;
			}

			case 'list':
			case 'set':
			case 'tuple': {
				length += item.elements.length + 1;
				pending.push(...item.elements);
				break;
			}

			case 'map':
			case 'object': {
				const entries = item.kind === 'map' ? item.entries : item.attributes;
				for (const [key, element] of entries) {
					length += key.length + 2;
					pending.push(element);
				}

				break;
			}

			default: {
				length += 4;
			}
		}
	}

	checkStringLength(length, true);
}
