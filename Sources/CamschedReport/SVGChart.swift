/// Charts as inline SVG, drawn by our code: no script, no font, no external reference. Every
/// label goes through ``HTMLText/escape(_:)``.
package enum SVGChart {
    /// The drawing's size in SVG units (it scales to the page's width).
    package static let width = 640.0
    package static let height = 220.0
    /// The plot area inside the axes.
    package static let plotLeft = 56.0, plotRight = 628.0, plotTop = 28.0, plotBottom = 184.0

    /// Lines drawn as steps over `xDomain` (each value holds until the next point, the last
    /// until the domain's end).
    /// - Parameter yTicks: labels for chosen y values (pressure levels); round numbers when nil.
    package static func steps(title: String, series: [ChartSeries], xDomain: ClosedRange<Double>, xLabel: String,
                             yTicks: [(value: Double, label: String)]? = nil) -> String {
        let xScale = ChartScale(lower: xDomain.lowerBound, upper: xDomain.upperBound, from: plotLeft, to: plotRight)
        let values = series.flatMap { $0.points.map(\.y) } + (yTicks?.map(\.value) ?? [])
        let yScale = ChartScale(values: values, from: plotBottom, to: plotTop)
        var body = axes(xScale: xScale, yScale: yScale, xLabel: xLabel, yTicks: yTicks)
        for (index, line) in series.enumerated() where !line.points.isEmpty {
            let dash = line.dashed ? " stroke-dasharray=\"6 4\"" : ""
            body += "<path class=\"series\" d=\"\(stepPath(line.points, xScale: xScale, yScale: yScale, xEnd: xDomain.upperBound))\" "
                + "fill=\"none\" stroke=\"\(line.colour)\" stroke-width=\"2\"\(dash)/>"
            body += legend(line, index: index)
        }
        return frame(title: title, body: body)
    }

    /// Vertical bars, one per label, from zero.
    package static func bars(title: String, bars: [(label: String, value: Double)], xLabel: String,
                            colour: String = "#c0392b") -> String {
        let xScale = ChartScale(lower: 0, upper: Double(max(1, bars.count)), from: plotLeft, to: plotRight)
        let yScale = ChartScale(values: bars.map(\.value), from: plotBottom, to: plotTop)
        var body = axes(xScale: nil, yScale: yScale, xLabel: xLabel, yTicks: nil)
        let slot = (plotRight - plotLeft) / Double(max(1, bars.count))
        let every = max(1, bars.count / 10)
        for (index, bar) in bars.enumerated() {
            let left = xScale.position(Double(index)) + slot * 0.1
            let top = yScale.position(bar.value)
            body += "<rect class=\"bar\" x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(slot * 0.8))\" "
                + "height=\"\(f(max(0, plotBottom - top)))\" fill=\"\(colour)\"><title>\(HTMLText.escape(bar.label)): "
                + "\(HTMLText.number(bar.value))</title></rect>"
            if index % every == 0 {
                body += "<text x=\"\(f(left + slot * 0.4))\" y=\"\(f(plotBottom + 14))\" text-anchor=\"middle\">"
                    + "\(HTMLText.escape(bar.label))</text>"
            }
        }
        return frame(title: title, body: body)
    }

    /// The path of a step line: a horizontal run at each value, then a vertical jump.
    package static func stepPath(_ points: [(x: Double, y: Double)], xScale: ChartScale, yScale: ChartScale, xEnd: Double) -> String {
        guard let first = points.first else { return "" }
        var path = "M\(f(xScale.position(first.x))) \(f(yScale.position(first.y)))"
        for point in points.dropFirst() {
            path += " H\(f(xScale.position(point.x))) V\(f(yScale.position(point.y)))"
        }
        if let last = points.last, xEnd > last.x { path += " H\(f(xScale.position(xEnd)))" }
        return path
    }

    /// A coordinate with at most one decimal.
    static func f(_ value: Double) -> String { HTMLText.number(value, digits: 1) }

    private static func frame(title: String, body: String) -> String {
        "<figure class=\"chart\"><svg viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\">"
            + "<text class=\"title\" x=\"\(f(plotLeft))\" y=\"16\">\(HTMLText.escape(title))</text>\(body)</svg></figure>\n"
    }

    private static func axes(xScale: ChartScale?, yScale: ChartScale, xLabel: String,
                             yTicks: [(value: Double, label: String)]?) -> String {
        var body = "<path class=\"axis\" d=\"M\(f(plotLeft)) \(f(plotTop)) V\(f(plotBottom)) H\(f(plotRight))\" fill=\"none\" stroke=\"#888\"/>"
        for tick in yTicks ?? yScale.ticks().map({ ($0, HTMLText.number($0)) }) {
            let y = f(yScale.position(tick.value))
            body += "<line x1=\"\(f(plotLeft))\" x2=\"\(f(plotRight))\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"#ddd\"/>"
                + "<text x=\"\(f(plotLeft - 4))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(HTMLText.escape(tick.label))</text>"
        }
        if let xScale {
            for tick in xScale.ticks(count: 8) {
                body += "<text x=\"\(f(xScale.position(tick)))\" y=\"\(f(plotBottom + 14))\" text-anchor=\"middle\">\(HTMLText.number(tick))</text>"
            }
        }
        body += "<text x=\"\(f(plotRight))\" y=\"\(f(height - 4))\" text-anchor=\"end\">\(HTMLText.escape(xLabel))</text>"
        return body
    }

    private static func legend(_ series: ChartSeries, index: Int) -> String {
        // On the title's line, right of it: never over the data.
        let x = plotLeft + 200 + Double(index) * 130, y = 12.0
        return "<line x1=\"\(f(x))\" x2=\"\(f(x + 18))\" y1=\"\(f(y))\" y2=\"\(f(y))\" stroke=\"\(series.colour)\" stroke-width=\"2\"/>"
            + "<text x=\"\(f(x + 22))\" y=\"\(f(y))\" dominant-baseline=\"middle\">\(HTMLText.escape(series.name))</text>"
    }
}
