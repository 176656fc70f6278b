import {FunctionError} from '../function.js';

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
export function checkStringLength(length: number): void {
	if (length > maximumStringLength) {
		throw new FunctionError(`the result would be ${length > Number.MAX_SAFE_INTEGER ? 'more than 2^53' : length} characters long, more than tfscope's limit of ${maximumStringLength} (maximumStringLength)`);
	}
}
