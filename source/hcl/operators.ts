import type {BinaryOperator} from './ast.js';
import type {TokenType} from './token.js';

/**
Binary operators by precedence level, lowest first, as in the HCL native syntax specification. All are left-associative.
*/
export const binaryOperatorLevels: ReadonlyArray<ReadonlyMap<TokenType, BinaryOperator>> = [
	new Map([['Or', '||']]),
	new Map([['And', '&&']]),
	new Map([['EqualOp', '=='], ['NotEqual', '!=']]),
	new Map([['LessThan', '<'], ['GreaterThan', '>'], ['LessThanEq', '<='], ['GreaterThanEq', '>=']]),
	new Map([['Plus', '+'], ['Minus', '-']]),
	new Map([['Star', '*'], ['Slash', '/'], ['Percent', '%']]),
];

/**
The precedence level of each operator token (index into `binaryOperatorLevels`).
*/
export const operatorLevel: ReadonlyMap<TokenType, number> = new Map(binaryOperatorLevels.flatMap((level, index) => [...level.keys()].map(type => [type, index] as const)));
