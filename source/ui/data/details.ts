import type {Body} from '../../hcl/ast.js';
import type {Range} from '../../hcl/position.js';
import {formatKey, formatModuleInstance} from '../../expand/addresses.js';
import type {Expansion} from '../../expand/expansion.js';
import type {ActionInstance, ListInstance, ModuleInstance, ResourceExpansion, ResourceInstance} from '../../expand/instance-tree.js';
import {parseAddress} from '../../expand/parse-address.js';
import type {Value} from '../../lang/values.js';
import type {AttributeRow, Details} from '../explorer-data.js';
import type {AssumptionData} from './assumptions.js';
import type {DataContext} from './context.js';
import type {Places} from './places.js';
import {blockSource, expansionMode, memoizeByKey, resourceKind, sourceText, unavailableOf} from './shared.js';

/*
The Details pane's data: for a resource block or instance, its expansion, its instance's key and bindings, its attributes (shaped by the provider's schema when there is one) and source; for a module instance or call, its inputs and outputs; for a variable, local, output, check or provider, its value or body; for an action (Terraform 1.14+), its expansion, its config's value and what triggers it. Memoised per address.
*/

export function createDetails(context: DataContext, places: Places, assumptionData: AssumptionData): (address: string) => Details | undefined {
	const {workspace, sources, tree, attribute} = context;
	const {formatValue} = context.formatting;
	const {placeOf} = places;
	const {assumptionRow, causeRow} = assumptionData;

	const evaluateSource = (range: Range | undefined, context: string): string | undefined => {
		const text = sourceText(sources, range);
		if (text === undefined) {
			return undefined;
		}

		const result = workspace.evaluateAt(text, context === '' ? undefined : context);
		return result.diagnostics.some(diagnostic => diagnostic.severity === 'error') ? undefined : formatValue(result.value);
	};

	const expansionDetails = (expansion: Expansion, count: {range: Range} | undefined, forEach: {range: Range} | undefined, context: string, keys: readonly string[]): Details['expansion'] => {
		if (expansion.mode === 'single') {
			return undefined;
		}

		const meta = forEach ?? count;
		const written = forEach ? 'for_each' : (expansion.mode === 'enabled' ? 'enabled' : 'count');
		const source = sourceText(sources, meta?.range) ?? '';
		const mode = expansionMode(expansion);
		if (expansion.mode === 'unknown' || expansion.mode === 'invalid') {
			return {
				mode, meta: written, source, value: '', keys: [], unknownReason: expansion.reason, ...(expansion.mode === 'unknown' && expansion.causes && {causes: expansion.causes.map(cause => causeRow(cause, 0))}),
			};
		}

		return {mode, meta: written, source, value: evaluateSource(meta?.range, context) ?? (expansion.mode === 'count' ? String(expansion.count) : ''), keys};
	};

	const bindings = (instance: ResourceInstance | ModuleInstance | ActionInstance | ListInstance): Array<{name: string; value: string}> => {
		const {countIndex, eachKey, eachValue} = instance.repetition;
		const out: Array<{name: string; value: string}> = [];
		if (countIndex) {
			out.push({name: 'count.index', value: formatValue(countIndex)});
		}

		if (eachKey) {
			out.push({name: 'each.key', value: formatValue(eachKey)});
		}

		if (eachValue) {
			out.push({name: 'each.value', value: formatValue(eachValue)});
		}

		return out;
	};

	const objectAttributes = (value: Value): AttributeRow[] => {
		if (value.kind === 'object') {
			return [...value.attributes].map(([name, each]) => attribute(name, each));
		}

		return [attribute('value', value)];
	};

	/**
	With a provider schema, an instance's value has every attribute: the ones the body sets come first, then those known after apply, then the ones left unset (null), which Details shows on request.
	*/
	const resourceAttributes = (body: Body, value: Value, shaped: boolean): AttributeRow[] => {
		const rows = objectAttributes(value);
		if (!shaped) {
			return rows;
		}

		const written = new Set(body.items.map(item => (item.kind === 'Attribute' ? item.name : (item.type === 'dynamic' ? item.labels[0] ?? '' : item.type))));
		const rest = rows.filter(row => !written.has(row.name));
		return [...rows.filter(row => written.has(row.name)), ...rest.filter(row => row.unknown), ...rest.filter(row => !row.unknown).map(row => ({...row, unset: true}))];
	};

	// What every instance of a block shares (its for_each value, keys, source, each instance's position), worked out once per block: stepping through the instances of a block of 160 costs the same as through one of 2.
	const sharedOfBlock = new WeakMap<ResourceExpansion, {expansion: Details['expansion']; source: Details['source']; positions: Map<ResourceInstance, number>}>();
	const blockShared = (resource: ResourceExpansion) => {
		let shared = sharedOfBlock.get(resource);
		if (!shared) {
			const {block} = resource;
			const keys = resource.instances.map(each => formatKey(each.key).slice(1, -1));
			shared = {
				expansion: resource.expansion.mode === 'single' ? undefined : expansionDetails(resource.expansion, block.count ?? block.enabled, block.forEach, resource.moduleInstance.text, keys),
				source: blockSource(sources, block.range),
				positions: new Map(resource.instances.map((each, index) => [each, index])),
			};
			sharedOfBlock.set(resource, shared);
		}

		return shared;
	};

	const resourceDetails = (resource: ResourceExpansion, instance: ResourceInstance | undefined, address: string): Details => {
		const {block} = resource;
		const shared = blockShared(resource);
		const index = instance ? (shared.positions.get(instance) ?? -1) : -1;
		const single = resource.expansion.mode === 'single';
		return {
			address,
			kind: resourceKind(block.mode),
			location: {filename: block.range.filename, line: block.range.start.line},
			...(shared.expansion && {expansion: shared.expansion}),
			...(instance && !single && {instance: {index, total: resource.instances.length, ...(instance.key.kind === 'unknown' && {placeholder: true}), bindings: bindings(instance)}}),
			attributes: instance ? resourceAttributes(block.body, instance.value, resource.schema !== undefined) : [],
			...(instance && instance.assumed.length > 0 && {assumed: instance.assumed.map(assumption => assumptionRow(assumption))}),
			source: shared.source,
		};
	};

	/**
	An action block or instance (Terraform 1.14+): its expansion, the instance's bindings, its `config` evaluated, then what triggers it (`triggered by`: each resource with its events).
	*/
	const actionDetails = (instance: ModuleInstance, address: string, name: string): Details | undefined => {
		const action = instance.actions.find(each => address === each.text || address.startsWith(`${each.text}[`)) ?? instance.actions.find(each => each.block.key === `action.${name}`);
		if (!action) {
			return undefined;
		}

		const {block} = action;
		const position = action.instances.findIndex(each => each.text === address);
		const chosen = action.instances[position] ?? (action.expansion.mode === 'single' ? action.instances[0] : undefined);
		const keys = action.instances.map(each => formatKey(each.key).slice(1, -1));
		const triggers = action.triggeredBy.map(trigger => ({name: 'triggered by', value: `${trigger.resource} (${trigger.events.join(', ')})`, unknown: false, sensitive: false}));
		return {
			address,
			kind: 'action',
			location: {filename: block.range.filename, line: block.range.start.line},
			...(action.expansion.mode !== 'single' && {expansion: expansionDetails(action.expansion, block.count, block.forEach, instance.text, keys)}),
			...(chosen && action.expansion.mode !== 'single' && {instance: {index: position, total: action.instances.length, bindings: bindings(chosen)}}),
			attributes: [...(chosen ? objectAttributes(chosen.value) : []), ...triggers],
			source: blockSource(sources, block.range),
		};
	};

	// Whether a resource or resource instance may have this address. The first lookup in the resource indexes builds them (every resource instance, 50,000 at 4x: tens of milliseconds), and the first frame's Details show a module, whose address names a resource only when a block of type `module` (`resource "module" "NAME"`) is in the module instance above it.
	const mayNameResource = (address: string): boolean => {
		const parsed = parseAddress(address);
		if (!parsed.ok || parsed.address.kind !== 'module') {
			return true;
		}

		const steps = parsed.address.module;
		const last = steps.at(-1);
		return last !== undefined && (tree().moduleInstances.get(formatModuleInstance(steps.slice(0, -1)))?.node.module.resources.has(`module.${last.name}`) ?? false);
	};

	const details = memoizeByKey((address: string): Details | undefined => {
		const namesResource = mayNameResource(address);
		const resourceInstance = namesResource ? tree().resourceInstances.get(address) : undefined;
		if (resourceInstance) {
			return resourceDetails(resourceInstance.resource, resourceInstance, address);
		}

		const resource = namesResource ? tree().resources.get(address) : undefined;
		if (resource) {
			return resourceDetails(resource, resource.instances[0]?.text === address ? resource.instances[0] : undefined, address);
		}

		const moduleInstance = tree().moduleInstances.get(address);
		if (moduleInstance) {
			const {module} = moduleInstance.node;
			const call = moduleInstance.node.call;
			const callExpansion = moduleInstance.parent?.calls.find(each => each.node === moduleInstance.node);
			const index = callExpansion ? callExpansion.instances.indexOf(moduleInstance) : -1;
			return {
				address,
				kind: 'module-instance',
				...(call && {location: {filename: call.range.filename, line: call.range.start.line}}),
				...(callExpansion && callExpansion.expansion.mode !== 'single' && {instance: {index, total: callExpansion.instances.length, ...(moduleInstance.key.kind === 'unknown' && {placeholder: true}), bindings: bindings(moduleInstance)}}),
				attributes: [
					...[...module.variables.keys()].map(name => attribute(`var.${name}`, moduleInstance.variable(name))),
					...[...module.outputs.keys()].map(name => attribute(`output.${name}`, moduleInstance.output(name))),
					// Not installed: its inputs as written, since the module declares nothing to evaluate them against.
					...(unavailableOf(moduleInstance) && call ? call.inputs.map(input => ({name: input.name, value: sourceText(sources, input.expression.range) ?? '', unknown: false, sensitive: false})) : []),
				],
				...(unavailableOf(moduleInstance) && {unavailable: unavailableOf(moduleInstance)}),
				source: blockSource(sources, call?.range),
			};
		}

		const place = placeOf(address);
		const instance = place ? tree().moduleInstances.get(place.module) : undefined;
		if (!place || !instance) {
			return undefined;
		}

		const label = place.module === '' ? address : address.slice(place.module.length + 1);
		const {module} = instance.node;
		const [kind, name = ''] = label.split(/\.(.*)/s);
		switch (kind) {
			case 'var': {
				const variable = module.variables.get(name);
				return variable && {
					address, kind: 'variable', location: {filename: variable.range.filename, line: variable.range.start.line}, attributes: [attribute('value', instance.variable(name))], source: blockSource(sources, variable.range),
				};
			}

			case 'local': {
				const local = module.locals.get(name);
				return local && {
					address, kind: 'local', location: {filename: local.range.filename, line: local.range.start.line}, attributes: [attribute('value', instance.local(name))], source: blockSource(sources, local.range),
				};
			}

			case 'output': {
				const output = module.outputs.get(name);
				return output && {
					address, kind: 'output', location: {filename: output.range.filename, line: output.range.start.line}, attributes: [attribute('value', instance.output(name))], source: blockSource(sources, output.range),
				};
			}

			case 'module': {
				const call = instance.calls.find(each => each.call.name === name);
				if (!call) {
					return undefined;
				}

				const keys = call.instances.map(each => formatKey(each.key.kind === 'none' ? each.key : each.key).slice(1, -1));
				return {
					address,
					kind: 'module',
					location: {filename: call.call.range.filename, line: call.call.range.start.line},
					...(call.expansion.mode !== 'single' && {expansion: expansionDetails(call.expansion, call.call.count ?? call.call.enabled, call.call.forEach, place.module, keys)}),
					attributes: call.call.inputs.map(input => ({name: input.name, value: sourceText(sources, input.expression.range) ?? '', unknown: false, sensitive: false})),
					source: blockSource(sources, call.call.range),
				};
			}

			case 'check': {
				const check = module.checks.find(each => each.name === name);
				return check && {
					address,
					kind: 'check',
					location: {filename: check.range.filename, line: check.range.start.line},
					attributes: check.assertions.map((assertion, index) => ({name: `assert[${index}]`, value: (assertion.condition && sourceText(sources, assertion.condition.range)) ?? '', unknown: false, sensitive: false})),
					source: blockSource(sources, check.range),
				};
			}

			case 'action': {
				return actionDetails(instance, address, name);
			}

			case 'list': {
				// A query file's list block (Terraform 1.14+) or one of its instances: `list.TYPE.NAME[KEY]`.
				const list = instance.lists.find(each => address === each.text || (address.startsWith(each.text) && address[each.text.length] === '['));
				if (!list) {
					return undefined;
				}

				const {block} = list;
				const chosen = list.instances.find(each => each.text === address) ?? (address === list.text ? list.instances[0] : undefined);
				const single = list.expansion.mode === 'single';
				const keys = list.instances.map(each => formatKey(each.key).slice(1, -1));
				return {
					address,
					kind: 'list',
					location: {filename: block.range.filename, line: block.range.start.line},
					...(!single && {expansion: expansionDetails(list.expansion, block.count && {range: block.count.range}, block.forEach && {range: block.forEach.range}, '', keys)}),
					...(chosen && !single && address !== list.text && {instance: {index: list.instances.indexOf(chosen), total: list.instances.length, ...(chosen.key.kind === 'unknown' && {placeholder: true}), bindings: bindings(chosen)}}),
					attributes: chosen && (single || address !== list.text) ? [{name: 'provider', value: `${block.provider.name}${block.provider.alias === undefined ? '' : `.${block.provider.alias}`}`, unknown: false, sensitive: false}, ...objectAttributes(chosen.value)] : [],
					source: blockSource(sources, block.range),
				};
			}

			case 'provider': {
				const provider = module.providers.find(each => `${each.name}${each.alias === undefined ? '' : `.${each.alias}`}` === name);
				return provider && {
					address, kind: 'provider', location: {filename: provider.range.filename, line: provider.range.start.line}, attributes: [], source: blockSource(sources, provider.range),
				};
			}

			default: {
				return undefined;
			}
		}
	});

	return details;
}
