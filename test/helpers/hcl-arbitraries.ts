import fc from 'fast-check';

/*
fast-check generators of valid HCL native syntax: expressions of every kind, as source text.
*/

const identifier = fc.constantFrom('a', 'b', 'var', 'local', 'each', 'count', 'x_1', 'my-name', 'foo', 'bar');
const attributeName = fc.constantFrom('id', 'name', 'value', 'key', 'arn', 'tags', 'x-y', 'z_2');
const number = fc.constantFrom('0', '1', '42', '1.5', '0.25', '1e3', '2.5E-2', '100', '007');
const literalText = fc.stringMatching(/^[a-z0-9 ._\-/:]{0,8}$/);
const escapeText = fc.constantFrom('\\n', '\\t', '\\"', '\\\\', '\\u00e9', '$${x}', '%%{y}', '$', '%', ' ');

const binaryOperators = ['||', '&&', '==', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%'];

const letrec = fc.letrec<{expression: string; template: string; templateBody: string; traversal: string}>(tie => ({
	expression: fc.oneof(
		{depthSize: 'small', withCrossShrink: true},
		number,
		fc.constantFrom('true', 'false', 'null'),
		tie('traversal'),
		tie('template'),
		fc.tuple(fc.constantFrom('-', '!'), tie('traversal')).map(([operator, operand]) => `${operator}${operand}`),
		fc.tuple(tie('expression'), fc.constantFrom(...binaryOperators), tie('expression')).map(([left, operator, right]) => `${left} ${operator} ${right}`),
		fc.tuple(tie('expression'), tie('expression'), tie('expression')).map(([condition, yes, no]) => `${condition} ? ${yes} : ${no}`),
		fc.tuple(tie('expression')).map(([inner]) => `(${inner})`),
		fc.array(tie('expression'), {maxLength: 3}).map(items => `[${items.join(', ')}]`),
		fc.array(fc.tuple(fc.oneof(attributeName, fc.constant('"quoted key"'), fc.constant('(var.k)')), tie('expression')), {maxLength: 3})
			.map(items => `{${items.map(([key, value]) => `${key} = ${value}`).join(', ')}}`),
		fc.tuple(fc.constantFrom('max', 'concat', 'provider::aws::arn_parse', 'core::upper', 'f'), fc.array(tie('expression'), {maxLength: 3}), fc.boolean())
			.map(([name, arguments_, expand]) => `${name}(${arguments_.join(', ')}${expand && arguments_.length > 0 ? '...' : ''})`),
		fc.tuple(identifier, tie('expression'), tie('expression'), fc.boolean())
			.map(([name, collection, value, condition]) => `[for ${name} in ${collection} : ${value}${condition ? ` if ${name}` : ''}]`),
		fc.tuple(identifier, tie('expression'), tie('expression'), fc.boolean())
			.map(([name, collection, value, group]) => `{for k, ${name} in ${collection} : k => ${value}${group ? '...' : ''}}`),
	),
	traversal: fc.tuple(identifier, fc.array(fc.oneof(
		attributeName.map(name => `.${name}`),
		fc.constantFrom('[0]', '["k"]', '.0', '[*]', '.*', '[*].id', '.*.name', '[1][2]'),
	), {maxLength: 3})).map(([root, steps]) => root + steps.join('')),
	template: fc.oneof(
		tie('templateBody').map(body => `"${body}"`),
		fc.tuple(fc.constantFrom('<<EOT', '<<-EOT'), fc.array(fc.tuple(fc.constantFrom('', '  ', '    ', '\t'), tie('templateBody')), {minLength: 1, maxLength: 3}))
			.map(([opener, lines]) => `${opener}\n${lines.map(([indent, body]) => indent + body).join('\n')}\n  EOT`),
	),
	templateBody: fc.array(fc.oneof(
		literalText,
		escapeText,
		tie('expression').map(inner => `\${${inner}}`),
		tie('expression').map(inner => `\${~ ${inner} ~}`),
		fc.tuple(tie('expression'), literalText, literalText).map(([condition, yes, no]) => `%{ if ${condition} }${yes}%{ else }${no}%{ endif }`),
		fc.tuple(tie('expression'), literalText).map(([collection, body]) => `%{~ for v in ${collection} ~}${body}\${v}%{ endfor }`),
	), {maxLength: 4}).map(parts => parts.join('').replaceAll('\n', '')),
}));

/**
A valid expression; heredocs need their own line so callers put it after `=` at the end of a line.
*/
export const expressionSource = letrec.expression;
