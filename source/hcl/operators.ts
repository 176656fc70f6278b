import type {BinaryOperator} from './ast.js';
import type {TokenKind} from './token.js';
import {tokenTypes} from './token.js';
import * as K from './token-kind.js';

/**
Binary operators by precedence level, lowest first, as in the HCL native syntax specification. All are left-associative.
*/
export const binaryOperatorLevels: ReadonlyArray<ReadonlyMap<TokenKind, BinaryOperator>> = [
	new Map([[K.Or, '||']]),
	new Map([[K.And, '&&']]),
	new Map([[K.EqualOp, '=='], [K.NotEqual, '!=']]),
	new Map([[K.LessThan, '<'], [K.GreaterThan, '>'], [K.LessThanEq, '<='], [K.GreaterThanEq, '>=']]),
	new Map([[K.Plus, '+'], [K.Minus, '-']]),
	new Map([[K.Star, '*'], [K.Slash, '/'], [K.Percent, '%']]),
];

/**
The precedence level of each token kind (index into `binaryOperatorLevels`), -1 for a kind that is no binary operator: one array load a token, where the parser asks after every operand.
*/
export const operatorLevel: Readonly<Int8Array> = new Int8Array(tokenTypes.length).fill(-1);

/**
The operator each token kind stands for, by kind.
*/
export const binaryOperators: ReadonlyArray<BinaryOperator | undefined> = Array.from({length: tokenTypes.length}, (): BinaryOperator | undefined => undefined);

for (const [level, operators] of binaryOperatorLevels.entries()) {
	for (const [kind, operator] of operators) {
		(operatorLevel as Int8Array)[kind] = level;
		(binaryOperators as Array<BinaryOperator | undefined>)[kind] = operator;
	}
}
